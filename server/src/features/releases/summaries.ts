import { and, eq, sql } from 'drizzle-orm';
import type { ReleaseSummary, ViewerEntry } from '@earmark/common';
import { anyOfPlaceholder } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { entries } from '../../db/schema/entries';
import { toReleaseSummary, type ReleaseCardRow } from './present';

/** Who looks at a release: a signed-in user (their entries show on cards), or nobody. */
export type ReleaseViewer = { id: string } | null | undefined;

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
