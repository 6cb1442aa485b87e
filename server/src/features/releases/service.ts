import { sql, type SQL } from 'drizzle-orm';
import type {
  LabelRef,
  Language,
  Release,
  ReleaseGenreScore,
  Track,
  ViewerEntry,
} from '@earmark/common';
import { batchedPer } from '../../db/batched';
import type { Db, DbOrTx } from '../../db/client';
import { jsonList } from '../../db/json-list';
import { preparedPer } from '../../db/prepared';
import { valueUnseenByPlanner } from '../../db/page-bounds';
import { releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toRelease, type ReleaseRow } from './present';
import { isVisible, visibleById, visibleCatalogueAlias } from '../../db/visibility';
import { viewerEntryOn } from './summaries';
import { withFields } from '../../lib/objects';

export const RELEASE_NOT_FOUND = 'Release not found';

/** A visible release row, or null (unknown, pending deletion or merged away). */
export const findVisibleRelease = visibleById(releases, 'visible_release');

export async function requireVisibleRelease(db: DbOrTx, id: string): Promise<ReleaseRow> {
  const row = await findVisibleRelease(db, id);
  if (!row) throw notFound(RELEASE_NOT_FOUND);
  return row;
}

/**
 * The parts of a release page, each a JSON array made in the database, so
 * the whole page is one statement (the row carries its artists): visible
 * labels in credit order, languages by name, genres with a positive net score (highest
 * first), and the tracks in order.
 */
const releaseParts = {
  labels: jsonList<LabelRef>(sql`select json_agg(json_build_object(
      'id', l.id, 'name', l.name, 'nameLatin', l.name_latin) order by rl.position)
    from release_labels rl join labels l on l.id = rl.label_id
    where rl.release_id = ${releases.id} and ${visibleCatalogueAlias('l')}`),
  languages: jsonList<Language>(sql`select json_agg(json_build_object(
      'id', lang.id, 'iso6391', lang.iso639_1, 'name', lang.name) order by lang.name)
    from release_languages rl join languages lang on lang.id = rl.language_id
    where rl.release_id = ${releases.id}`),
  // Each genre is looked up by its key (`offset 0` keeps the lateral from
  // being flattened into a join): joined, the planner hashed all the genres
  // for every page, 40 % of a batch of pages' time.
  genres: jsonList<ReleaseGenreScore>(sql`select json_agg(json_build_object(
      'id', g.id, 'name', g.name, 'score', rg.score) order by rg.score desc, g.name)
    from release_genres rg cross join lateral (select g.id, g.name from genres g
      where g.id = rg.genre_id and ${visibleCatalogueAlias('g')} offset 0) g
    where rg.release_id = ${releases.id} and rg.score > 0`),
  tracks: jsonList<Track>(sql`select json_agg(json_build_object(
      'id', t.id, 'track', t.track, 'title', t.title, 'durationMs', t.duration_ms,
      'order', t."order", 'upvotes', t.upvotes, 'downvotes', t.downvotes) order by t."order")
    from tracks t where t.release_id = ${releases.id}`),
};

/**
 * The viewer's own entry on the release, for the viewer in `viewerId` (null
 * without one, and for signed-out readers, whose viewer is null).
 */
const viewerEntryJson = (viewerId: SQL) => sql<ViewerEntry | null>`(select json_build_object(
    'id', e.id, 'rating', e.rating, 'hasReview', e.review is not null,
    'hasTrackVotes', e.track_votes_count > 0)
  from entries e where e.user_id = ${viewerId} and e.release_id = ${releases.id})`;

/**
 * Release pages in one prepared statement: each asked-for release (`ids`,
 * numbered by `ord` in the order asked) with its parts and the entry of the
 * viewer who asked (`viewers`, null for signed-out readers) beside it. The
 * arrays are unseen by the planner (valueUnseenByPlanner): a batch's length
 * changes from one run to the next, and plans made for each length were
 * preferred to the generic one half of the time, planned (about 1 ms) for a
 * statement that reads a few pages by primary key.
 */
const releasePages = preparedPer((db) =>
  db
    .select({
      ord: sql<string>`k.ord`,
      row: releases,
      ...releaseParts,
      viewerEntry: viewerEntryJson(sql`k.viewer`),
    })
    .from(releases)
    .innerJoin(
      sql`unnest(${valueUnseenByPlanner(sql.placeholder('ids'), 'text[]')},
          ${valueUnseenByPlanner(sql.placeholder('viewers'), 'text[]')})
        with ordinality as k(id, viewer, ord)`,
      sql`k.id = ${releases.id}`,
    )
    .where(isVisible(releases))
    .prepare('release_pages'),
);

/** A release page as read: the public release, and the viewer's own entry. */
export interface ReleasePageRead {
  release: Release;
  /** Null for a viewer without an entry on it, and for signed-out readers. */
  viewerEntry: ViewerEntry | null;
}

interface ReleasePageKey {
  id: string;
  viewerId: string | null;
}

/** The pages asked for in one turn of the event loop, read in one statement (db/batched.ts). */
const releasePageBatches = batchedPer<ReleasePageKey, ReleasePageRead | null>(async (db, keys) => {
  const rows = await releasePages(db).execute({
    ids: keys.map((k) => k.id),
    viewers: keys.map((k) => k.viewerId),
  });
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  return keys.map((_, i) => {
    const found = byOrd.get(i + 1);
    if (!found) return null;
    const { ord: _ord, row, viewerEntry, ...parts } = found;
    return { release: toRelease(row, parts), viewerEntry };
  });
});

/**
 * A release page: its public data (the same for every reader) and, for a
 * signed-in viewer, their own entry beside it, in one round trip shared with
 * the other release pages asked for at the same time.
 */
export async function readReleasePage(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<ReleasePageRead> {
  const read = await releasePageBatches(db).load({ id, viewerId });
  if (!read) throw notFound(RELEASE_NOT_FOUND);
  return read;
}

/**
 * A public release (from the read cache) as a signed-in viewer sees it: with
 * their own entry (or null), read together with the other viewers' asked
 * for at the same time.
 */
export async function withViewerEntry(
  db: Db,
  release: Release,
  viewer: { id: string },
): Promise<Release> {
  return withFields(release, { viewerEntry: await viewerEntryOn(db, viewer.id, release.id) });
}
