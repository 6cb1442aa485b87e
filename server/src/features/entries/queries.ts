import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Entry, ViewerEntry, VoteType } from '@earmark/common';
import { byViewerPairs, viewerPairs } from '../../db/batched';
import { readerMayHave } from '../../lib/reader-presence';
import { preparedPer } from '../../db/prepared';
import { isoColumn } from '../../db/timestamps';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import { entries, reviewVotes } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import { visibleEntry } from '../../db/visibility';
import { setPlace, type Place } from '../../lib/cached-payload';
import { releaseCardColumns } from '../releases/present';
import {
  readerEntryColumns,
  readerEntryJoin,
  readerEntryOfRow,
  viewerEntriesOf,
  type ReleaseViewer,
} from '../releases/summaries';
import { userRefColumns } from '../users/present';
import { presentPublicEntries, type EntryBundle, type EntryCardRow } from './present';
import { withFields } from '../../lib/objects';

/** The entry queries: what every list of entries selects, and the viewer's own parts. */

/**
 * The children of an entry, as JSON columns of a query on `entries` or on
 * an alias of it (`row`): the lists the entry keeps of its tags and track
 * votes (kept by triggers on entry_tags, user_tags, track_votes and tracks;
 * rebuilt after a load with triggers off by REBUILD_ENTRY_PART_LISTS). An
 * entry with none reads null, which costs less to write and to read than
 * an empty JSON array (presentPublicEntries makes it one). Looking each
 * entry's up per row cost a page of entries a quarter of its statement
 * (see decisions).
 */
export function entryPartsOf(row: typeof entries) {
  return {
    tags: row.tagList,
    trackVotes: row.trackVoteList,
  };
}

/**
 * Entries in the API shape, keeping their order. The public parts came with
 * the rows (see selectEntryBundles); a signed-in viewer's own parts take two
 * more queries, whatever the number of entries (see withViewerParts).
 */
export async function presentEntries(
  db: DbOrTx,
  bundles: readonly EntryBundle[],
  viewer: ReleaseViewer,
): Promise<Entry[]> {
  const list = presentPublicEntries(bundles);
  return viewer ? withViewerParts(db, list, viewer) : list;
}

/** Readers' votes by (reader, review) pairs: review_votes' primary key. */
const viewerVotePairs = preparedPer((db) =>
  db
    .select({ ord: sql<string>`k.ord`, vote: reviewVotes.vote })
    .from(reviewVotes)
    .innerJoin(viewerPairs, sql`${reviewVotes.entryId} = k.id and ${reviewVotes.userId} = k.viewer`)
    .prepare('viewer_vote_pairs'),
);

/**
 * The viewer's votes on reviews, by entry: shared with other readers' (see
 * byViewerPairs), those the read cache does not hold for them. Only their
 * own votes change these (their tag: review-votes), or the removal of a
 * review, which drops its voters' tags with its votes, or changes to
 * everything.
 */
const viewerVotesOn = byViewerPairs<{ vote: number }>(viewerVotePairs, 'vote', readerMayHave);

/** Places a reader's own parts on an entry presented for nobody (see viewerPartsOf). */
export type ReaderParts = (entry: Entry, place: Place) => void;

/** The placing of a reader's parts: their vote on each review, their entry on each release. */
function readerParts(
  voteOn: (entryId: string) => VoteType | null,
  entryOn: (releaseId: string) => ViewerEntry | null,
): ReaderParts {
  return (entry, place) => {
    if (entry.review) place(entry.review, 'myVote', voteOn(entry.id));
    place(entry.release, 'viewerEntry', entryOn(entry.release.id));
  };
}

/**
 * What a signed-in viewer adds to entries presented for nobody: their own
 * vote on each review and their own entry on each release. Two lookups, run
 * side by side and each shared with the other readers asking in the same
 * turn, whatever the number of entries. The answer places those
 * parts of an entry (see sendOverlaid), or sets them on a fresh copy.
 */
export async function viewerPartsOf(
  db: DbOrTx,
  list: readonly Entry[],
  viewer: { id: string },
): Promise<ReaderParts> {
  if (list.length === 0) return () => {};
  const reviewed = list.filter((e) => e.review !== null).map((e) => e.id);
  const [myVoteOf, mine] = await Promise.all([
    viewerVotesOn(db, viewer.id, reviewed),
    viewerEntriesOf(
      db,
      viewer.id,
      list.map((e) => e.release.id),
    ),
  ]);
  return readerParts(
    (entryId) => (myVoteOf.get(entryId)?.vote as VoteType | undefined) ?? null,
    (releaseId) => mine.get(releaseId) ?? null,
  );
}

/**
 * A signed-in reader's own parts of a page of entries read by the page's
 * own statement (`reader` bound to their id): their vote on each review
 * and their entry on each release, left joined to the page's rows (`row`),
 * each one probe of a primary or unique key. A page made for its reader
 * (a read-cache miss, or every read with the cache off) then needs neither
 * lookup of viewerPartsOf: one round trip to PostgreSQL instead of three.
 * Joined as text, not as tables, so the rows keep their shaping written
 * once (see withRowsShapedOnce). On a release's list (`releaseId` given)
 * every row's release is that one, so the reader's entry on it is looked
 * up once for the page, not once a row.
 */
export function readerPageParts(
  row: typeof entries,
  reader: Placeholder,
  releaseId: Placeholder | undefined,
) {
  return {
    columns: { readerVote: sql<VoteType | null>`reader_vote.vote`, ...readerEntryColumns },
    // A key probe per row: lateral, and kept from being flattened into a join
    // by its limit (one row at most either way). Flattened, the planner read
    // all the reader's votes (review_votes_user_idx) to hash them. The vote is
    // looked for only on a review somebody voted on: the counters count every
    // visible account's votes, and a reader's account is visible.
    joins: [
      {
        table: sql`lateral (select vote_of_reader.vote from ${reviewVotes} vote_of_reader
          where ${row.review} is not null and ${row.reviewUpvotes} + ${row.reviewDownvotes} > 0
            and vote_of_reader.entry_id = ${row.id}
            and vote_of_reader.user_id = ${reader} limit 1) reader_vote`,
        on: sql`true`,
      },
      readerEntryJoin(releaseId ?? row.releaseId, reader),
    ],
  };
}

/** A page's row with its reader's parts (see readerPageParts). */
export interface ReaderPartsRow {
  entry: { id: string; review: string | null };
  release: { id: string };
  readerVote: VoteType | null;
  readerEntryId: string | null;
  readerEntryRating: number | null;
  readerEntryHasReview: boolean;
  readerEntryHasTrackVotes: boolean;
}

/**
 * The reader's parts a page's statement read with its rows (see
 * readerPageParts), after `since` (readerRowsMoment, taken before it ran):
 * kept as the lookups of viewerPartsOf keep what they read, so the
 * reader's next pages find them there.
 */
export function readerPartsOfRows(
  db: DbOrTx,
  readerId: string,
  rows: readonly ReaderPartsRow[],
  since: number | undefined,
): ReaderParts {
  const reviewed: string[] = [];
  const votes = new Map<string, { vote: number }>();
  const mine = new Map<string, ViewerEntry>();
  for (const row of rows) {
    if (row.entry.review !== null) {
      reviewed.push(row.entry.id);
      if (row.readerVote !== null) votes.set(row.entry.id, { vote: row.readerVote });
    }
    const own = readerEntryOfRow(row);
    if (own) mine.set(row.release.id, own);
  }
  viewerVotesOn.keep(db, readerId, reviewed, votes, since);
  viewerEntriesOf.keep(
    db,
    readerId,
    rows.map((row) => row.release.id),
    mine,
    since,
  );
  return readerParts(
    (entryId) => (votes.get(entryId)?.vote as VoteType | undefined) ?? null,
    (releaseId) => mine.get(releaseId) ?? null,
  );
}

/** Public entries as a signed-in viewer sees them (see viewerPartsOf), as new objects. */
export async function withViewerParts(
  db: DbOrTx,
  list: readonly Entry[],
  viewer: { id: string },
): Promise<Entry[]> {
  const lay = await viewerPartsOf(db, list, viewer);
  return list.map((e) => {
    const entry = withFields(e, { review: e.review && { ...e.review }, release: { ...e.release } });
    lay(entry, setPlace);
    return entry;
  });
}

/**
 * The columns of `entries` an entry card reads, with its owner's: what a
 * page's walk selects when it reads whole rows (see listEntries), each
 * under its own name, so an alias of `entries` over the walk reads them.
 */
export const entryCardSource = {
  id: entries.id,
  userId: entries.userId,
  releaseId: entries.releaseId,
  rating: entries.rating,
  ratingUpdatedAt: entries.ratingUpdatedAt,
  review: entries.review,
  reviewCreatedAt: entries.reviewCreatedAt,
  reviewUpdatedAt: entries.reviewUpdatedAt,
  reviewUpvotes: entries.reviewUpvotes,
  reviewDownvotes: entries.reviewDownvotes,
  trackVotesCount: entries.trackVotesCount,
  commentsCount: entries.commentsCount,
  createdAt: entries.createdAt,
  updatedAt: entries.updatedAt,
  tagList: entries.tagList,
  trackVoteList: entries.trackVoteList,
} satisfies Record<
  keyof EntryCardRow | 'userId' | 'releaseId' | 'tagList' | 'trackVoteList',
  AnyPgColumn
>;

/**
 * The entry's own columns its API shape is made of (see
 * presentPublicEntries), times as ISO text, read from `row`: `entries`, or
 * an alias of it naming a sub-query that selected entryCardSource.
 */
function entryColumnsOf(row: typeof entries) {
  return {
    id: row.id,
    rating: row.rating,
    ratingUpdatedAt: isoColumn(row.ratingUpdatedAt),
    review: row.review,
    reviewCreatedAt: isoColumn(row.reviewCreatedAt),
    reviewUpdatedAt: isoColumn(row.reviewUpdatedAt),
    reviewUpvotes: row.reviewUpvotes,
    reviewDownvotes: row.reviewDownvotes,
    trackVotesCount: row.trackVotesCount,
    commentsCount: row.commentsCount,
    createdAt: isoColumn(row.createdAt),
    updatedAt: isoColumn(row.updatedAt),
  } satisfies Record<keyof EntryCardRow, unknown>;
}

/**
 * What an entry query selects (an EntryBundle): the entry (read from `row`,
 * see entryColumnsOf), its owner and its release, with `users` and
 * `releases` joined to it.
 */
export function entryCardColumnsOf(row: typeof entries) {
  return { entry: entryColumnsOf(row), user: userRefColumns, release: releaseCardColumns };
}

/**
 * What a page of entries selects when the instance keeps the releases'
 * cards (ReleaseCards): the entry and its owner, and its release's id alone
 * (an EntryBundleOnCard), with no release joined.
 */
export function entryColumnsOnCardsOf(row: typeof entries) {
  return { entry: entryColumnsOf(row), user: userRefColumns, release: { id: row.releaseId } };
}

/** What every entry query on `entries` selects (see entryCardColumnsOf). */
export const entryCardColumns = entryCardColumnsOf(entries);

/** An entry bundle's columns with its children read per row (see entryPartsOf). */
export const entryBundleColumns = { ...entryCardColumns, ...entryPartsOf(entries) };

/** The selection every entry query shares: the entry, its owner and its release. */
export function selectEntryBundles(db: DbOrTx) {
  return db
    .select(entryBundleColumns)
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(releases, eq(releases.id, entries.releaseId))
    .$dynamic();
}

/** One visible entry by id, prepared: an entry's page and every change to it read it. */
const entryById = preparedPer((db) =>
  selectEntryBundles(db)
    .where(and(visibleEntry(), eq(entries.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('entry_by_id'),
);

/** A user's visible entry on a release, prepared: every release page a member opens reads it. */
const entryOfUserOn = preparedPer((db) =>
  selectEntryBundles(db)
    .where(
      and(
        visibleEntry(),
        eq(entries.userId, sql.placeholder('userId')),
        eq(entries.releaseId, sql.placeholder('releaseId')),
      ),
    )
    .limit(1)
    .prepare('entry_of_user_on'),
);

/** One visible entry by id, or null. */
export async function loadEntry(
  db: DbOrTx,
  id: string,
  viewer: ReleaseViewer,
): Promise<Entry | null> {
  const [entry] = await presentEntries(db, await entryById(db).execute({ id }), viewer);
  return entry ?? null;
}

/**
 * The reader's own visible entry on a release, or null, with their parts
 * known without a lookup: no vote of theirs on their own review, and their
 * entry on the release is this one.
 */
export async function loadOwnEntryOn(
  db: DbOrTx,
  readerId: string,
  releaseId: string,
): Promise<Entry | null> {
  const rows = await entryOfUserOn(db).execute({ userId: readerId, releaseId });
  const [entry] = presentPublicEntries(rows);
  if (!entry) return null;
  const own: ViewerEntry = {
    id: entry.id,
    rating: entry.rating?.rating ?? null,
    hasReview: entry.review !== null,
    hasTrackVotes: entry.hasTrackVotes,
  };
  readerParts(
    () => null,
    () => own,
  )(entry, setPlace);
  return entry;
}
