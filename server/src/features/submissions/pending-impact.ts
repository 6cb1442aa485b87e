/**
 * GET submissions/pending-deletions: every entity waiting for deletion with
 * what processing it would remove, counted by kind of reference, so an admin
 * decides between deleting and keeping it knowing what goes
 * (pending-deletion.ts removes exactly these).
 */
import { and, asc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import {
  CommentTargetKind,
  SubmissionStatus,
  type ImpactLine,
  type PendingDeletionImpact,
  type SubmissionKind,
} from '@earmark/common';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  artists,
  genres,
  labels,
  releaseArtists,
  releaseGenreVotes,
  releaseGenres,
  releaseLabels,
  releases,
  tracks,
} from '../../db/schema/catalogue';
import { comments } from '../../db/schema/comments';
import { entries } from '../../db/schema/entries';
import { listItems } from '../../db/schema/lists';
import { submissions } from '../../db/schema/submissions';
import type { UserRow } from '../../db/schema/users';
import { assertAdmin } from '../admin/service';
import { specOf } from './kinds';
import type { CatalogueTable } from './kinds/kind';

/** Comment threads: a thread kind and the ids of its things. */
type Threads = [CommentTargetKind, string[]][];

async function commentsOn(db: DbOrTx, threads: Threads): Promise<number> {
  const on = threads
    .filter(([, ids]) => ids.length > 0)
    .map(([kind, ids]) => and(eq(comments.entityType, kind), inArray(comments.entityId, ids)));
  return on.length === 0 ? 0 : db.$count(comments, or(...on));
}

/** The entity's name (a release's title), read from its table. */
function nameIn(table: CatalogueTable, column: AnyColumn) {
  return async (db: DbOrTx, id: string): Promise<string> => {
    const [row] = await db
      .select({ name: sql<string>`${column}` })
      .from(table)
      .where(eq(table.id, id));
    return row?.name ?? '';
  };
}

/** One line of one entity: its key, how it reads and its count. */
type Line = (db: DbOrTx, id: string) => Promise<[key: string, label: string, count: number]>;

/** A line counting the rows of `table` whose `column` is the entity. */
function rowsOf(key: string, label: string, table: PgTable, column: AnyColumn): Line {
  return async (db, id) => [key, label, await db.$count(table, eq(column, id))];
}

async function trackIdsOf(db: DbOrTx, releaseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId));
  return rows.map((t) => t.id);
}

/** What goes with each kind of entity besides its submissions and their threads. */
const removedWith: Record<
  SubmissionKind,
  { name: (db: DbOrTx, id: string) => Promise<string>; lines: Line[] }
> = {
  release: {
    name: nameIn(releases, releases.title),
    lines: [
      rowsOf('entries', 'Ratings and reviews', entries, entries.releaseId),
      rowsOf('listItems', 'List items', listItems, listItems.releaseId),
      rowsOf('tracks', 'Tracks', tracks, tracks.releaseId),
      rowsOf('genreVotes', 'Genre votes', releaseGenreVotes, releaseGenreVotes.releaseId),
      async (db, id) => [
        'comments',
        'Comments on the release and its tracks',
        await commentsOn(db, [
          [CommentTargetKind.RELEASE, [id]],
          [CommentTargetKind.RELEASE_TRACK, await trackIdsOf(db, id)],
        ]),
      ],
    ],
  },
  artist: {
    name: nameIn(artists, artists.name),
    lines: [rowsOf('releaseLinks', 'Release credits', releaseArtists, releaseArtists.artistId)],
  },
  label: {
    name: nameIn(labels, labels.name),
    lines: [rowsOf('releaseLinks', 'Release links', releaseLabels, releaseLabels.labelId)],
  },
  genre: {
    name: nameIn(genres, genres.name),
    lines: [
      rowsOf('genreVotes', 'Genre votes', releaseGenreVotes, releaseGenreVotes.genreId),
      rowsOf('releaseGenres', 'Release genre scores', releaseGenres, releaseGenres.genreId),
    ],
  },
};

/** What processing one entity removes: its own lines, then its submissions and their comments. */
async function impactOf(db: DbOrTx, kind: SubmissionKind, id: string): Promise<ImpactLine[]> {
  const about = (
    await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.kind, kind), eq(submissions.entityId, id)))
  ).map((s) => s.id);
  const own = [];
  for (const line of removedWith[kind].lines) own.push(await line(db, id));
  const lines = [
    ...own,
    ['submissions', 'Contributions', about.length] as const,
    [
      'submissionComments',
      'Comments on the contributions',
      await commentsOn(db, [[specOf(kind).threadKind, about]]),
    ] as const,
  ];
  return lines.map(([key, label, count]) => ({ key, label, count }));
}

/** Every PENDING_ENTITY_DELETION submission, oldest first, with what processing removes. */
export async function readPendingDeletions(
  db: DbOrTx,
  actor: UserRow,
): Promise<PendingDeletionImpact> {
  assertAdmin(actor);
  const pending = await db
    .select({ id: submissions.id, kind: submissions.kind, entityId: submissions.entityId })
    .from(submissions)
    .where(eq(submissions.status, SubmissionStatus.PENDING_ENTITY_DELETION))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const items: PendingDeletionImpact['items'] = [];
  for (const row of pending) {
    const kind = row.kind as SubmissionKind;
    items.push({
      submissionId: row.id,
      kind,
      entityId: row.entityId,
      name: await removedWith[kind].name(db, row.entityId),
      removes: await impactOf(db, kind, row.entityId),
    });
  }
  return { items };
}
