import { sql } from 'drizzle-orm';
import type { ReleaseSummary, ViewerEntry } from '@earmark/common';
import { byViewerPairs, viewerPairs } from '../../db/batched';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { entries } from '../../db/schema/entries';
import { toReleaseSummary, type ReleaseCardRow } from './present';

/** Who looks at a release: a signed-in user (their entries show on cards), or nobody. */
export type ReleaseViewer = { id: string } | null | undefined;

/** Viewers' own entries by (viewer, release) pairs: entries_user_release_key. */
const viewerEntryPairs = preparedPer((db) =>
  db
    .select({
      ord: sql<string>`k.ord`,
      id: entries.id,
      rating: entries.rating,
      hasReview: sql<boolean>`${entries.review} is not null`,
      hasTrackVotes: sql<boolean>`${entries.trackVotesCount} > 0`,
    })
    .from(entries)
    .innerJoin(viewerPairs, sql`${entries.userId} = k.viewer and ${entries.releaseId} = k.id`)
    .prepare('viewer_entry_pairs'),
);

/**
 * The viewer's own entries on many releases, by release: one statement,
 * shared with the other readers' asked for at the same time when `db` is
 * the app's handle (a transaction reads its own; see byViewerPairs), for
 * the releases whose entry the read cache does not hold for them. Only the
 * viewer's own entry writes change these (their tag: entryWriteTags), or
 * changes to everything (a merge moves entries).
 */
export const viewerEntriesOf = byViewerPairs<ViewerEntry>(viewerEntryPairs, 'entry');

/** The viewer's own entry on one release, or null (see viewerEntriesOf). */
export async function viewerEntryOn(
  db: DbOrTx,
  viewerId: string,
  releaseId: string,
): Promise<ViewerEntry | null> {
  return (await viewerEntriesOf(db, viewerId, [releaseId])).get(releaseId) ?? null;
}

/**
 * Summaries of release rows (which carry their artists), keeping their
 * order: for a signed-in viewer, one query for their entries (`viewerEntry`
 * is null without one and absent for signed-out viewers).
 */
export async function toSummaries(
  db: DbOrTx,
  rows: readonly ReleaseCardRow[],
  viewer?: ReleaseViewer,
): Promise<ReleaseSummary[]> {
  const mine = viewer
    ? await viewerEntriesOf(
        db,
        viewer.id,
        rows.map((r) => r.id),
      )
    : null;
  return rows.map((r) => {
    const summary = toReleaseSummary(r);
    if (mine) summary.viewerEntry = mine.get(r.id) ?? null;
    return summary;
  });
}
