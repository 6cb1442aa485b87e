import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { SortBy, type entriesQuerySchema, type PagedEntries } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { releaseArtists, releaseGenres, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries, entryTags } from '../../db/schema/entries';
import { daysBefore } from '../releases/dates';
import { visibleEntry } from '../../db/visibility';
import { presentEntries, selectEntryBundles } from './queries';
import { totalEntries } from './totals';

export type ParsedEntriesQuery = z.output<typeof entriesQuerySchema>;

/** `/reviews/top` ranks the reviews of this many last days; release and user pages rank all time. */
export const REVIEWS_TOP_WINDOW_DAYS = 30;

const netVotes = sql`(${entries.reviewUpvotes} - ${entries.reviewDownvotes})`;

/**
 * What each sort selects and how it orders; every order ends with the id so
 * pages never overlap. A rating sort lists rated entries and a review sort
 * reviewed ones, which is what the partial indexes on entries serve.
 */
function sortPlan(query: ParsedEntriesQuery, now: Date): { where: SQL[]; orderBy: SQL[] } {
  switch (query.sortBy) {
    case SortBy.EntryDate:
      return { where: [], orderBy: [desc(entries.createdAt), desc(entries.id)] };
    case SortBy.ReleaseDate:
      return {
        where: [],
        orderBy: [sql`${releases.date} desc nulls last`, desc(entries.createdAt), desc(entries.id)],
      };
    case SortBy.RatingDate:
      return {
        where: [isNotNull(entries.rating)],
        orderBy: [desc(entries.ratingUpdatedAt), desc(entries.id)],
      };
    case SortBy.RatingHighToLow:
      return {
        where: [isNotNull(entries.rating)],
        orderBy: [desc(entries.rating), desc(entries.id)],
      };
    case SortBy.RatingLowToHigh:
      return {
        where: [isNotNull(entries.rating)],
        orderBy: [asc(entries.rating), asc(entries.id)],
      };
    case SortBy.ReviewDate:
      return {
        where: [isNotNull(entries.review)],
        orderBy: [desc(entries.reviewCreatedAt), desc(entries.id)],
      };
    case SortBy.ReviewTop: {
      const where = [isNotNull(entries.review)];
      // Site-wide, "top" means the best of recent weeks; on a release or a profile, of all time.
      if (!query.releaseId && !query.userId) {
        where.push(gte(entries.reviewCreatedAt, daysBefore(now, REVIEWS_TOP_WINDOW_DAYS)));
      }
      return {
        where,
        orderBy: [sql`${netVotes} desc`, desc(entries.reviewCreatedAt), desc(entries.id)],
      };
    }
  }
}

/** Release years [from, to) as date bounds ('YYYY-01-01'). */
function yearRange(from: number, to: number): SQL[] {
  const day = (y: number) => `${String(y).padStart(4, '0')}-01-01`;
  return [gte(releases.date, day(from)), lt(releases.date, day(to))];
}

/** The filters of the query; each is an indexed condition or semi-join. */
function filters(query: ParsedEntriesQuery): SQL[] {
  const out: SQL[] = [];
  if (query.releaseId) out.push(eq(entries.releaseId, query.releaseId));
  if (query.userId) out.push(eq(entries.userId, query.userId));
  // withReview=false asks for no restriction, the same as leaving it out.
  if (query.withReview) out.push(isNotNull(entries.review));
  if (query.year !== undefined) out.push(...yearRange(query.year, query.year + 1));
  if (query.decade !== undefined) out.push(...yearRange(query.decade, query.decade + 10));
  if (query.bucket !== undefined) {
    // Buckets are whole points on the 0-10 scale; a perfect 100 has bucket 10 to itself.
    const low = query.bucket * 10;
    const high = query.bucket === 10 ? 100 : low + 9;
    out.push(sql`${entries.rating} between ${low} and ${high}`);
  }
  if (query.type !== undefined) out.push(eq(releases.type, query.type));
  if (query.genre) {
    // A release belongs to a genre while the genre's net score on it is positive.
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${entries.releaseId} and rg.genre_id = ${query.genre} and rg.score > 0)`);
  }
  if (query.artist) {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${entries.releaseId} and ra.artist_id = ${query.artist})`);
  }
  if (query.label) {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${entries.releaseId} and rl.label_id = ${query.label})`);
  }
  if (query.tag) {
    out.push(sql`exists (select 1 from ${entryTags} et
      where et.entry_id = ${entries.id} and et.tag_id = ${query.tag})`);
  }
  return out;
}

/**
 * GET entries: one page of visible entries (hidden owners and releases left
 * out). One statement for the page (owners, releases, artists, tags and
 * track votes included) and, beside it, one or two for the total.
 */
export async function listEntries(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  now: Date = new Date(),
): Promise<PagedEntries> {
  const plan = sortPlan(query, now);
  const where = and(visibleEntry(), ...filters(query), ...plan.where);
  const [rows, totalItems] = await Promise.all([
    selectEntryBundles(db)
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    totalEntries(db, query, where),
  ]);
  return {
    currentPage: query.page,
    totalPages: Math.ceil(totalItems / query.pageSize),
    totalItems,
    currentItems: rows.length,
    itemsPerPage: query.pageSize,
    entries: await presentEntries(db, rows, undefined),
  };
}
