import { sql } from 'drizzle-orm';
import type { ReleaseSummary, ViewerEntry } from '@earmark/common';
import { batchedPer } from '../../db/batched';
import { isTransaction, type DbOrTx } from '../../db/client';
import { preparedPer, valueUnseenByPlanner } from '../../db/prepared';
import { entries } from '../../db/schema/entries';
import { toReleaseSummary, type ReleaseCardRow } from './present';

/** Who looks at a release: a signed-in user (their entries show on cards), or nobody. */
export type ReleaseViewer = { id: string } | null | undefined;

/**
 * Viewers' own entries by (viewer, release) pairs, each numbered by `ord` in
 * the order asked (`viewers` and `releaseIds` side by side): lookups of
 * entries_user_release_key. The arrays are unseen by the planner, whose
 * plans for each batch length would cost more than the lookups.
 */
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
    .innerJoin(
      sql`unnest(${valueUnseenByPlanner(sql.placeholder('viewers'), 'text[]')},
          ${valueUnseenByPlanner(sql.placeholder('releaseIds'), 'text[]')})
        with ordinality as k(viewer, release_id, ord)`,
      sql`${entries.userId} = k.viewer and ${entries.releaseId} = k.release_id`,
    )
    .prepare('viewer_entry_pairs'),
);

interface ViewerEntryKey {
  viewerId: string;
  releaseId: string;
}

/** The entries of `keys` in one statement, in the keys' order (null where there is none). */
async function readViewerEntries(
  db: DbOrTx,
  keys: readonly ViewerEntryKey[],
): Promise<(ViewerEntry | null)[]> {
  const rows = await viewerEntryPairs(db).execute({
    viewers: keys.map((k) => k.viewerId),
    releaseIds: keys.map((k) => k.releaseId),
  });
  const out: (ViewerEntry | null)[] = keys.map(() => null);
  for (const { ord, ...entry } of rows) out[Number(ord) - 1] = entry;
  return out;
}

/**
 * The viewers' entries asked for in one turn of the event loop, in one
 * statement: a page of cards asks for one pair per card, so a batch holds
 * the pairs of a few dozen concurrent pages.
 */
const viewerEntryBatches = batchedPer(readViewerEntries, 2048);

/**
 * The viewer's own entries on many releases, by release: one statement,
 * shared with the other readers' asked for at the same time when `db` is
 * the app's handle (a transaction reads its own).
 */
export async function viewerEntriesOf(
  db: DbOrTx,
  viewerId: string,
  releaseIds: readonly string[],
): Promise<Map<string, ViewerEntry>> {
  const byRelease = new Map<string, ViewerEntry>();
  if (releaseIds.length === 0) return byRelease;
  const keys = [...new Set(releaseIds)].map((releaseId) => ({ viewerId, releaseId }));
  const found = isTransaction(db)
    ? await readViewerEntries(db, keys)
    : await viewerEntryBatches(db).loadMany(keys);
  found.forEach((entry, i) => {
    if (entry instanceof Error) throw entry;
    if (entry) byRelease.set(keys[i]!.releaseId, entry);
  });
  return byRelease;
}

/** The viewer's own entry on one release, or null (see viewerEntriesOf). */
export async function viewerEntryOn(
  db: DbOrTx,
  viewerId: string,
  releaseId: string,
): Promise<ViewerEntry | null> {
  const key = { viewerId, releaseId };
  return isTransaction(db)
    ? ((await readViewerEntries(db, [key]))[0] ?? null)
    : viewerEntryBatches(db).load(key);
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
