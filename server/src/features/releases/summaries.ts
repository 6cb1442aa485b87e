import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReleaseSummary, ViewerEntry } from '@earmark/common';
import { byViewerPairs, viewerPairs } from '../../db/batched';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { readerEntriesKept, readerMayHave } from '../../lib/reader-presence';
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
 * changes to everything (a merge moves entries). Only the releases the
 * viewer may have an entry on are looked up (readerMayHave), and none where
 * the instance keeps the viewer's entries (readerEntriesKept).
 */
export const viewerEntriesOf = byViewerPairs<ViewerEntry>(
  viewerEntryPairs,
  'entry',
  readerMayHave,
  readerEntriesKept,
);

/**
 * A reader's own entry on the release of each row of a page's statement
 * (`releaseId`, `reader` bound to their id), read with the page: one probe
 * of entries_user_release_key a row, left joined as `reader_entry`.
 * Lateral, and kept from being flattened into a join by its limit (one row
 * at most either way); joined as text, so the rows keep their shaping
 * written once. Its columns are readerEntryColumns.
 */
export function readerEntryJoin(releaseId: AnyPgColumn | SQL | Placeholder, reader: Placeholder) {
  return {
    table: sql`lateral (select entry_of_reader.id, entry_of_reader.rating,
        entry_of_reader.review is not null as has_review,
        entry_of_reader.track_votes_count > 0 as has_track_votes
      from ${entries} entry_of_reader
      where entry_of_reader.user_id = ${reader}
        and entry_of_reader.release_id = ${releaseId} limit 1) reader_entry`,
    on: sql`true`,
  };
}

/** What readerEntryJoin reads on each row (all null where the reader has no entry). */
export const readerEntryColumns = {
  readerEntryId: sql<string | null>`reader_entry.id`,
  readerEntryRating: sql<number | null>`reader_entry.rating`,
  readerEntryHasReview: sql<boolean>`reader_entry.has_review`,
  readerEntryHasTrackVotes: sql<boolean>`reader_entry.has_track_votes`,
};

/** A row's readerEntryColumns as the reader's entry, or null. */
export function readerEntryOfRow(row: {
  readerEntryId: string | null;
  readerEntryRating: number | null;
  readerEntryHasReview: boolean;
  readerEntryHasTrackVotes: boolean;
}): ViewerEntry | null {
  if (row.readerEntryId === null) return null;
  return {
    id: row.readerEntryId,
    rating: row.readerEntryRating,
    hasReview: row.readerEntryHasReview,
    hasTrackVotes: row.readerEntryHasTrackVotes,
  };
}

/** A page a request made for its signed-in reader, with their entries read by its statement. */
export interface MadeForReader<P> {
  page?: P;
  mine?: Map<string, ViewerEntry>;
}

/**
 * A signed-in reader's entries on a page's releases: those its statement
 * read when this request made the page for them (`made`), or else (a page
 * the read cache kept) looked up (viewerEntriesOf).
 */
export async function readerEntriesOn<P>(
  db: DbOrTx,
  reader: { id: string },
  page: P,
  made: MadeForReader<P>,
  releaseIds: (page: P) => string[],
): Promise<Map<string, ViewerEntry>> {
  if (made.page === page && made.mine) return made.mine;
  return viewerEntriesOf(db, reader.id, releaseIds(page));
}

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
