/**
 * GET submissions/pending-deletions: every entity waiting for deletion with
 * what processing it would remove, counted by kind of reference, so an admin
 * decides between deleting and keeping it knowing what goes
 * (pending-deletion.ts removes exactly these).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  CommentTargetKind,
  SubmissionStatus,
  type ImpactLine,
  type PendingDeletionImpact,
  type SubmissionKind,
} from '@earmark/common';
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

/** Comment threads: a thread kind and the ids of its things. */
type Threads = [CommentTargetKind, string[]][];

async function commentsOn(db: DbOrTx, threads: Threads): Promise<number> {
  const on = threads
    .filter(([, ids]) => ids.length > 0)
    .map(([kind, ids]) => and(eq(comments.entityType, kind), inArray(comments.entityId, ids)));
  return on.length === 0 ? 0 : db.$count(comments, or(...on));
}

/** The lines of one entity, in the order they read (zero counts included). */
type Lines = (db: DbOrTx, id: string) => Promise<[key: string, label: string, count: number][]>;

/** What goes with each kind of entity besides its submissions and their threads. */
const removedWith: Record<
  SubmissionKind,
  { name: (db: DbOrTx, id: string) => Promise<string>; lines: Lines }
> = {
  release: {
    name: async (db, id) =>
      (await db.select({ n: releases.title }).from(releases).where(eq(releases.id, id)))[0]?.n ??
      '',
    lines: async (db, id) => {
      const trackIds = (
        await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, id))
      ).map((t) => t.id);
      return [
        ['entries', 'Ratings and reviews', await db.$count(entries, eq(entries.releaseId, id))],
        ['listItems', 'List items', await db.$count(listItems, eq(listItems.releaseId, id))],
        ['tracks', 'Tracks', trackIds.length],
        [
          'genreVotes',
          'Genre votes',
          await db.$count(releaseGenreVotes, eq(releaseGenreVotes.releaseId, id)),
        ],
        [
          'comments',
          'Comments on the release and its tracks',
          await commentsOn(db, [
            [CommentTargetKind.RELEASE, [id]],
            [CommentTargetKind.RELEASE_TRACK, trackIds],
          ]),
        ],
      ];
    },
  },
  artist: {
    name: async (db, id) =>
      (await db.select({ n: artists.name }).from(artists).where(eq(artists.id, id)))[0]?.n ?? '',
    lines: async (db, id) => [
      [
        'releaseLinks',
        'Release credits',
        await db.$count(releaseArtists, eq(releaseArtists.artistId, id)),
      ],
    ],
  },
  label: {
    name: async (db, id) =>
      (await db.select({ n: labels.name }).from(labels).where(eq(labels.id, id)))[0]?.n ?? '',
    lines: async (db, id) => [
      [
        'releaseLinks',
        'Release links',
        await db.$count(releaseLabels, eq(releaseLabels.labelId, id)),
      ],
    ],
  },
  genre: {
    name: async (db, id) =>
      (await db.select({ n: genres.name }).from(genres).where(eq(genres.id, id)))[0]?.n ?? '',
    lines: async (db, id) => [
      [
        'genreVotes',
        'Genre votes',
        await db.$count(releaseGenreVotes, eq(releaseGenreVotes.genreId, id)),
      ],
      [
        'releaseGenres',
        'Release genre scores',
        await db.$count(releaseGenres, eq(releaseGenres.genreId, id)),
      ],
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
  const lines = [
    ...(await removedWith[kind].lines(db, id)),
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
