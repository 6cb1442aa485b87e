import { and, eq, sql } from 'drizzle-orm';
import type {
  LabelRef,
  Language,
  Release,
  ReleaseGenreScore,
  Track,
  ViewerEntry,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { jsonList } from '../../db/json-list';
import { preparedPer } from '../../db/prepared';
import { releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toRelease, type ReleaseRow } from './present';
import { releaseArtistsJson, withViewerEntries } from './summaries';
import { isVisible, visibleCatalogueAlias } from '../../db/visibility';

export const RELEASE_NOT_FOUND = 'Release not found';

/** A visible release row, or null (unknown, pending deletion or merged away). */
export async function findVisibleRelease(db: DbOrTx, id: string): Promise<ReleaseRow | null> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.id, id), isVisible(releases)))
    .limit(1);
  return row ?? null;
}

export async function requireVisibleRelease(db: DbOrTx, id: string): Promise<ReleaseRow> {
  const row = await findVisibleRelease(db, id);
  if (!row) throw notFound(RELEASE_NOT_FOUND);
  return row;
}

/**
 * The parts of a release page, each a JSON array made in the database, so
 * the whole page is one statement: visible artists and labels in credit
 * order, languages by name, genres with a positive net score (highest
 * first), and the tracks in order.
 */
const releaseParts = {
  artists: releaseArtistsJson,
  labels: jsonList<LabelRef>(sql`select json_agg(json_build_object(
      'id', l.id, 'name', l.name, 'nameLatin', l.name_latin) order by rl.position)
    from release_labels rl join labels l on l.id = rl.label_id
    where rl.release_id = ${releases.id} and ${visibleCatalogueAlias('l')}`),
  languages: jsonList<Language>(sql`select json_agg(json_build_object(
      'id', lang.id, 'iso6391', lang.iso639_1, 'name', lang.name) order by lang.name)
    from release_languages rl join languages lang on lang.id = rl.language_id
    where rl.release_id = ${releases.id}`),
  genres: jsonList<ReleaseGenreScore>(sql`select json_agg(json_build_object(
      'id', g.id, 'name', g.name, 'score', rg.score) order by rg.score desc, g.name)
    from release_genres rg join genres g on g.id = rg.genre_id
    where rg.release_id = ${releases.id} and rg.score > 0 and ${visibleCatalogueAlias('g')}`),
  tracks: jsonList<Track>(sql`select json_agg(json_build_object(
      'id', t.id, 'track', t.track, 'title', t.title, 'durationMs', t.duration_ms,
      'order', t."order", 'upvotes', t.upvotes, 'downvotes', t.downvotes) order by t."order")
    from tracks t where t.release_id = ${releases.id}`),
};

/**
 * The viewer's own entry on the release (null without one, and for nobody:
 * the placeholder is null for signed-out readers), read with the page.
 */
const viewerEntryJson = sql<ViewerEntry | null>`(select json_build_object(
    'id', e.id, 'rating', e.rating, 'hasReview', e.review is not null,
    'hasTrackVotes', e.track_votes_count > 0)
  from entries e where e.user_id = ${sql.placeholder('viewerId')} and e.release_id = releases.id)`;

const releasePage = preparedPer((db) =>
  db
    .select({ row: releases, ...releaseParts, viewerEntry: viewerEntryJson })
    .from(releases)
    .where(and(eq(releases.id, sql.placeholder('id')), isVisible(releases)))
    .limit(1)
    .prepare('release_page'),
);

/** A release page as read: the public release, and the viewer's own entry. */
export interface ReleasePageRead {
  release: Release;
  /** Null for a viewer without an entry on it, and for signed-out readers. */
  viewerEntry: ViewerEntry | null;
}

/**
 * The release page in one prepared statement: its public data (the same for
 * every reader) and, for a signed-in viewer, their own entry beside it, so a
 * page the read cache does not hold is one round trip for anyone.
 */
export async function readReleasePage(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
): Promise<ReleasePageRead> {
  const [found] = await releasePage(db).execute({ id, viewerId });
  if (!found) throw notFound(RELEASE_NOT_FOUND);
  const { row, viewerEntry, ...parts } = found;
  return { release: toRelease(row, parts), viewerEntry };
}

/** A public release as a signed-in viewer sees it: with their own entry (or null). */
export async function withViewerEntry(
  db: DbOrTx,
  release: Release,
  viewer: { id: string },
): Promise<Release> {
  const [mine] = await withViewerEntries(db, [release], viewer);
  return mine!;
}
