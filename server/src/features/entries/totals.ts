import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { SortBy } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { Binder, ShapedStatements } from '../../db/prepared';
import { valueUnseenByPlanner } from '../../db/page-bounds';
import { releases, reviewDays, siteCounts } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import {
  hiddenCatalogue,
  isVisible,
  visibleAccount,
  visibleOwnerUnjoined,
  visibleReleaseUnjoined,
} from '../../db/visibility';
import type { ParsedEntriesQuery } from './list';

/** Which of a release's or a user's counters a query's rows are. */
type Counted = 'entries' | 'ratings' | 'reviews';
/**
 * What counts a query's rows: one of those counters, the site-wide sum of
 * reviews, or the reviews by day (the site's top reviews of recent weeks).
 */
type CountedBy = Counted | 'site reviews' | 'recent reviews';

const RATING_SORTS: SortBy[] = [SortBy.RatingDate, SortBy.RatingHighToLow, SortBy.RatingLowToHigh];
/** The sorts of reviews: each lists reviewed entries alone. */
export const REVIEW_SORTS: ReadonlySet<SortBy> = new Set([SortBy.ReviewDate, SortBy.ReviewTop]);

/**
 * The counter that equals the query's total before hidden entries are taken
 * off, or null when the query filters on more than a release's or a user's
 * counter knows (a date, a genre..., or both a release and a user), or asks
 * for rated entries with a review.
 */
function countedBy(query: ParsedEntriesQuery): CountedBy | null {
  const narrowed =
    (query.userId && query.releaseId) ||
    query.year !== undefined ||
    query.decade !== undefined ||
    query.bucket !== undefined ||
    query.type !== undefined ||
    query.genre ||
    query.artist ||
    query.label ||
    query.tag;
  if (narrowed) return null;
  const reviewed = query.withReview === true || REVIEW_SORTS.has(query.sortBy);
  const rated = RATING_SORTS.includes(query.sortBy);
  if (rated && reviewed) return null;
  if (reviewed && !query.releaseId && !query.userId) {
    // Site-wide, "top" reviews are those of recent weeks, which review_days
    // counts; every other order lists them all, which site_counts sums.
    return query.sortBy === SortBy.ReviewTop ? 'recent reviews' : 'site reviews';
  }
  return rated ? 'ratings' : reviewed ? 'reviews' : 'entries';
}

/**
 * Whether a page's walk counts its list's total (walkedTotal): where the
 * total counts the rows the filters match, among one user's or one
 * release's entries, and the page is read from the list's start or by
 * number (a cursor carries its total). No index holds a filter and a sort,
 * so such a walk reads every matching row to sort them, and a sub-query
 * counting them read them all again. Not where the walk may stop at the
 * page: a page read in whole rows (not narrowed), or a site-wide list,
 * whose window would also hold every matching entry of the site.
 */
export function walkCountsTotal(
  query: ParsedEntriesQuery,
  slice: { withTotal: boolean; after: unknown; whole: boolean },
): boolean {
  return (
    slice.withTotal &&
    slice.after === undefined &&
    !slice.whole &&
    Boolean(query.userId || query.releaseId) &&
    countedBy(query) === null
  );
}

/** The total a page's walk counts (see walkCountsTotal): its column, and its value read from the page. */
export const walkedTotal = {
  column: (): Record<string, SQL.Aliased<number>> => ({
    walkedTotal: sql<number>`count(*) over ()`.as('walked_total'),
  }),
  of: (page: object): SQL<number> =>
    sql<number>`${(page as Record<string, SQL.Aliased<number>>)['walkedTotal']!}`.mapWith(Number),
};

const releaseCounter = {
  entries: releases.entriesCount,
  ratings: releases.ratingsCount,
  reviews: releases.reviewsCount,
} as const;

const userCounter = {
  entries: users.entriesCount,
  ratings: users.ratingsCount,
  reviews: users.reviewsCount,
} as const;

const countedCondition = (c: Counted): SQL | undefined =>
  c === 'ratings'
    ? isNotNull(entries.rating)
    : c === 'reviews'
      ? isNotNull(entries.review)
      : undefined;

/** The totals read from counters, made once per shape (ShapedStatements). */
const counterTotals = new ShapedStatements<{ n: number }[]>('entries_total');

/** The first row's `n` of a one-row query, 0 when it has none. */
async function firstCount(rows: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await rows;
  return totalOf(row?.n);
}

/** A total as read: never below 0, and 0 when there was none (a hidden account's). */
export function totalOf(n: number | null | undefined): number {
  return Math.max(0, n ?? 0);
}

/**
 * A user's total from their counter, less their entries on hidden releases
 * (found from the few hidden releases, then the user's entry on each): one
 * user row, and none at all for a hidden account.
 */
function totalFromUserCounters(db: DbOrTx, b: Binder, userId: string, counted: Counted) {
  b.mark(`user ${counted}`);
  const user = b.bind('totalUserId', userId);
  return () => {
    const onHidden = db
      .select({ n: count() })
      .from(releases)
      .innerJoin(entries, and(eq(entries.releaseId, releases.id), eq(entries.userId, user)))
      .where(and(hiddenCatalogue(releases), countedCondition(counted)));
    return db
      .select({ n: sql<number>`${userCounter[counted]} - (${onHidden})`.mapWith(Number) })
      .from(users)
      .where(and(eq(users.id, user), visibleAccount()));
  };
}

/**
 * The query's total from the release counters, which count visible
 * accounts' entries only: a sum of counters instead of a count over every
 * matching entry, which on a popular release or site-wide would read tens
 * of thousands of rows per page.
 */
function totalFromReleaseCounters(
  db: DbOrTx,
  b: Binder,
  releaseId: string | undefined,
  counted: Counted,
) {
  b.mark(`release ${counted}`);
  const release = releaseId ? b.bind('totalReleaseId', releaseId) : undefined;
  return () =>
    db
      .select({ n: sql<number>`coalesce(sum(${releaseCounter[counted]}), 0)`.mapWith(Number) })
      .from(releases)
      .where(and(isVisible(releases), release && eq(releases.id, release)));
}

/**
 * The number of visible reviews on the site: the site-wide sum of the
 * release counters (16 rows) less the reviews on the few hidden releases.
 */
function totalOfSiteReviews(db: DbOrTx, b: Binder) {
  b.mark('site reviews');
  return () => {
    const onHidden = db
      .select({ n: sql`coalesce(sum(${releases.reviewsCount}), 0)` })
      .from(releases)
      .where(hiddenCatalogue(releases));
    return db
      .select({ n: sql<number>`sum(${siteCounts.reviews}) - (${onHidden})`.mapWith(Number) })
      .from(siteCounts);
  };
}

/** The first UTC midnight after `at`. */
function nextUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Days after the window's first whole day that bound its range (see totalOfRecentReviews). */
const DAYS_AHEAD_BOUND = 36_525;

/**
 * The number of visible reviews written since `since`: the reviews by day
 * (review_days) of the days after since's, plus the reviews of the rest of
 * since's own day (a day's worth, read from the review date index), less
 * those of the whole days on the few hidden releases. A few dozen counter
 * rows where counting the weeks' reviews read thousands.
 *
 * Its times are given to PostgreSQL as values it cannot plan for (see
 * valueUnseenByPlanner), and the days as a range bounded on both sides, far
 * past any review: a plan made for the values was cheaper than the generic
 * one (which expects a third of the days for one bound and 0.5 % of all
 * reviews for the first day's hours), so the statement was planned anew on
 * every run, which took longer than running it.
 */
function totalOfRecentReviews(db: DbOrTx, b: Binder, since: Date) {
  b.mark('recent reviews');
  const dayAfter = nextUtcDay(since);
  const from = valueUnseenByPlanner(b.bind('totalSince', since), 'timestamptz');
  const to = valueUnseenByPlanner(b.bind('totalDayAfter', dayAfter), 'timestamptz');
  const firstWholeDay = valueUnseenByPlanner(
    b.bind('totalFirstWholeDay', dayAfter.toISOString().slice(0, 10)),
    'date',
  );
  return () => {
    const reviewedBy = (...also: SQL[]) =>
      and(isNotNull(entries.review), visibleOwnerUnjoined(entries.userId), ...also);
    const restOfFirstDay = db
      .select({ n: count() })
      .from(entries)
      .where(
        reviewedBy(
          gte(entries.reviewCreatedAt, from),
          lt(entries.reviewCreatedAt, to),
          visibleReleaseUnjoined(entries.releaseId),
        ),
      );
    const onHidden = db
      .select({ n: count() })
      .from(releases)
      .innerJoin(entries, eq(entries.releaseId, releases.id))
      .where(and(hiddenCatalogue(releases), reviewedBy(gte(entries.reviewCreatedAt, to))));
    const days = sql`coalesce(sum(${reviewDays.reviews}), 0)`;
    return db
      .select({ n: sql<number>`${days} + (${restOfFirstDay}) - (${onHidden})`.mapWith(Number) })
      .from(reviewDays)
      .where(
        and(
          gte(reviewDays.day, firstWholeDay),
          lt(reviewDays.day, sql`${firstWholeDay} + ${sql.raw(String(DAYS_AHEAD_BOUND))}`),
        ),
      );
  };
}

const countingOf = (db: DbOrTx) => db.select({ n: count() }).from(entries);

/**
 * The one-row query of a GET entries query's total (`n`), its values bound
 * to `b` at once (as total…) and built when called: from the counters when they answer it
 * (a release's, a user's or the site's entries, ratings or reviews), or the
 * site's reviews since `recentSince` for its top reviews of recent weeks,
 * otherwise a count of the rows `where` matches (filtered lists, which
 * those filters keep small), whose values `b` already holds.
 */
export function totalQuery(
  db: DbOrTx,
  b: Binder,
  query: ParsedEntriesQuery,
  where: SQL | undefined,
  recentSince: Date,
) {
  const counted = countedBy(query);
  if (counted === 'site reviews') return totalOfSiteReviews(db, b);
  if (counted === 'recent reviews') return totalOfRecentReviews(db, b, recentSince);
  if (counted && query.userId) return totalFromUserCounters(db, b, query.userId, counted);
  if (counted) return totalFromReleaseCounters(db, b, query.releaseId, counted);
  b.mark('count');
  return () => countingOf(db).where(where);
}

/**
 * The total of a GET entries query in a statement of its own (see
 * totalQuery); `listBinder` holds the values of `where`, which only a
 * count of rows reads.
 */
export function totalEntries(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  where: SQL | undefined,
  listBinder: Binder,
  recentSince: Date,
): Promise<number> {
  const b = countedBy(query) ? new Binder() : new Binder(listBinder);
  b.mark('total');
  const build = totalQuery(db, b, query, where, recentSince);
  return firstCount(counterTotals.run(db, b, () => build()));
}
