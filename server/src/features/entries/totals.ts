import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { SortBy } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import { isVisible } from '../../db/visibility';
import type { ParsedEntriesQuery } from './list';

/** Which of a release's counters a query's rows are. */
type Counted = 'entries' | 'ratings' | 'reviews';

const RATING_SORTS: SortBy[] = [SortBy.RatingDate, SortBy.RatingHighToLow, SortBy.RatingLowToHigh];
const REVIEW_SORTS: SortBy[] = [SortBy.ReviewDate, SortBy.ReviewTop];

/**
 * The counter that equals the query's total, or null when the query filters on more than a release counter knows
 * (a user, a date, a genre...), or asks for rated entries with a review.
 */
function countedBy(query: ParsedEntriesQuery): Counted | null {
  const narrowed =
    query.userId ||
    query.year !== undefined ||
    query.decade !== undefined ||
    query.bucket !== undefined ||
    query.type !== undefined ||
    query.genre ||
    query.artist ||
    query.label ||
    query.tag;
  if (narrowed) return null;
  // Site-wide "top" reviews only look at recent weeks, which no counter tracks.
  if (query.sortBy === SortBy.ReviewTop && !query.releaseId) return null;
  const reviewed = query.withReview === true || REVIEW_SORTS.includes(query.sortBy);
  const rated = RATING_SORTS.includes(query.sortBy);
  if (rated && reviewed) return null;
  return rated ? 'ratings' : reviewed ? 'reviews' : 'entries';
}

const counterColumn = {
  entries: releases.entriesCount,
  ratings: releases.ratingsCount,
  reviews: releases.reviewsCount,
} as const;

/**
 * The query's total from the release counters, which count visible
 * accounts' entries only: a sum of counters instead of a count over every
 * matching entry, which on a popular release or site-wide would read tens
 * of thousands of rows per page.
 */
async function totalFromCounters(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  counted: Counted,
): Promise<number> {
  const onRelease = query.releaseId ? eq(releases.id, query.releaseId) : undefined;
  const [sum] = await db
    .select({ n: sql<number>`coalesce(sum(${counterColumn[counted]}), 0)`.mapWith(Number) })
    .from(releases)
    .where(and(isVisible(releases), onRelease));
  return sum?.n ?? 0;
}

/**
 * The total of a GET entries query: from the counters when they answer it
 * (a release's entries, ratings or reviews, or the site's), otherwise a
 * count of the matching rows (a user's entries, filtered lists, recent top
 * reviews), which those filters keep small.
 */
export async function totalEntries(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  where: SQL | undefined,
): Promise<number> {
  const counted = countedBy(query);
  if (counted) return totalFromCounters(db, query, counted);
  const [row] = await db
    .select({ n: count() })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(releases, eq(releases.id, entries.releaseId))
    .where(where);
  return row?.n ?? 0;
}
