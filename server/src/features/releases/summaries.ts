import { and, asc, eq, sql } from 'drizzle-orm';
import type { ArtistRef, ReleaseSummary, ViewerEntry } from '@earmark/common';
import { anyOfPlaceholder } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { jsonList } from '../../db/json-list';
import { preparedPer } from '../../db/prepared';
import { artists, releaseArtists, releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { toReleaseSummary, type ReleaseRow } from './present';
import { isVisible, visibleCatalogueAlias } from '../../db/visibility';

/** Who looks at a release: a signed-in user (their entries show on cards), or nobody. */
export type ReleaseViewer = { id: string } | null | undefined;

/** A release's visible artists in credit order, as a JSON column of a query on `releases`. */
export const releaseArtistsJson = jsonList<ArtistRef>(sql`select json_agg(json_build_object(
    'id', a.id, 'name', a.name, 'nameLatin', a.name_latin) order by ra.position)
  from release_artists ra join artists a on a.id = ra.artist_id
  where ra.release_id = ${releases.id} and ${visibleCatalogueAlias('a')}`);

const artistRefs = preparedPer((db) =>
  db
    .select({
      releaseId: releaseArtists.releaseId,
      id: artists.id,
      name: artists.name,
      nameLatin: artists.nameLatin,
    })
    .from(releaseArtists)
    .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
    .where(and(anyOfPlaceholder(releaseArtists.releaseId, 'releaseIds'), isVisible(artists)))
    .orderBy(asc(releaseArtists.releaseId), asc(releaseArtists.position))
    .prepare('release_artist_refs'),
);

/** The visible artists of many releases in one query, each list in credit order. */
export async function artistRefsOf(
  db: DbOrTx,
  releaseIds: readonly string[],
): Promise<Map<string, ArtistRef[]>> {
  const byRelease = new Map<string, ArtistRef[]>();
  if (releaseIds.length === 0) return byRelease;
  const rows = await artistRefs(db).execute({ releaseIds: [...releaseIds] });
  for (const { releaseId, ...ref } of rows) {
    const list = byRelease.get(releaseId);
    if (list) list.push(ref);
    else byRelease.set(releaseId, [ref]);
  }
  return byRelease;
}

const viewerEntries = preparedPer((db) =>
  db
    .select({
      id: entries.id,
      releaseId: entries.releaseId,
      rating: entries.rating,
      review: entries.review,
      trackVotesCount: entries.trackVotesCount,
    })
    .from(entries)
    .where(
      and(
        eq(entries.userId, sql.placeholder('viewerId')),
        anyOfPlaceholder(entries.releaseId, 'releaseIds'),
      ),
    )
    .prepare('viewer_entries'),
);

/** The viewer's own entries on many releases in one query (entries_user_release_key). */
export async function viewerEntriesOf(
  db: DbOrTx,
  viewerId: string,
  releaseIds: readonly string[],
): Promise<Map<string, ViewerEntry>> {
  const byRelease = new Map<string, ViewerEntry>();
  if (releaseIds.length === 0) return byRelease;
  const rows = await viewerEntries(db).execute({ viewerId, releaseIds: [...new Set(releaseIds)] });
  for (const r of rows) {
    byRelease.set(r.releaseId, {
      id: r.id,
      rating: r.rating,
      hasReview: r.review !== null,
      hasTrackVotes: r.trackVotesCount > 0,
    });
  }
  return byRelease;
}

/**
 * Summaries of release rows, keeping their order: one more query for the
 * artists and, for a signed-in viewer, one for their entries (`viewerEntry`
 * is null without one and absent for signed-out viewers).
 */
export async function toSummaries(
  db: DbOrTx,
  rows: readonly ReleaseRow[],
  viewer?: ReleaseViewer,
): Promise<ReleaseSummary[]> {
  const ids = rows.map((r) => r.id);
  const [refs, mine] = await Promise.all([
    artistRefsOf(db, ids),
    viewer ? viewerEntriesOf(db, viewer.id, ids) : null,
  ]);
  return rows.map((r) => {
    const summary = toReleaseSummary(r, refs.get(r.id) ?? []);
    if (mine) summary.viewerEntry = mine.get(r.id) ?? null;
    return summary;
  });
}

/** Public summaries as a signed-in viewer sees them: each with their own entry (or null). */
export async function withViewerEntries<T extends ReleaseSummary>(
  db: DbOrTx,
  summaries: readonly T[],
  viewer: { id: string },
): Promise<T[]> {
  const mine = await viewerEntriesOf(
    db,
    viewer.id,
    summaries.map((s) => s.id),
  );
  return summaries.map((s) => ({ ...s, viewerEntry: mine.get(s.id) ?? null }));
}
