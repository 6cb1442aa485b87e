import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import type { SQL, Subquery } from 'drizzle-orm';
import {
  NEW_POPULAR_WINDOW_DAYS,
  POPULAR_WINDOW_DAYS,
  ReleaseListKind,
  ReleaseType,
  TOP_MIN_RATINGS_ALL_TIME,
  TOP_MIN_RATINGS_YEAR,
  type PagedReleases,
  type releasesQuerySchema,
} from '@earmark/common';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { releaseArtists, releaseGenres, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { addDays, daysBefore, utcDay } from './dates';
import { coversPage, isCachedKind, RANKED_DEPTH, type ReleaseListCache } from './list-cache';
import type { ReleaseRow } from './present';
import { toSummaries } from './summaries';
import { isVisible } from './visibility';

export type ParsedReleasesQuery = z.output<typeof releasesQuerySchema>;

/** Only albums-like types compete in the top lists; singles, remixes, videos... do not. */
export const TOP_TYPES: readonly ReleaseType[] = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
];

/**
 * How one list kind selects and orders releases. Every order ends with a
 * unique key so pages never overlap or skip a release.
 */
interface Plan {
  where: SQL[];
  orderBy: SQL[];
  /** What the kind reads beyond the releases table, inner-joined to it. */
  join?: { table: Subquery; on: SQL };
}

/** The mean rating over all visible releases: the prior C of the Bayesian average. */
async function meanRating(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      c: sql`coalesce(sum(${releases.ratingsSum})::float8 / nullif(sum(${releases.ratingsCount}), 0), 0)`.mapWith(
        Number,
      ),
    })
    .from(releases)
    .where(isVisible(releases));
  return row?.c ?? 0;
}

/**
 * IMDb's weighted rating (v·R + m·C)/(v + m), with v·R written as the sum of
 * the ratings so no rounding of the stored average creeps in. C is a float8
 * read from the database and sent back exactly (its shortest decimal form
 * round-trips), so a cached C ranks as the inline subquery did.
 */
function bayesian(m: number, mean: number): SQL {
  return sql`(${releases.ratingsSum} + ${m} * ${mean}::float8) / (${releases.ratingsCount} + ${m})`;
}

function topPlan(m: number, mean: number, where: SQL[]): Plan {
  return {
    // As in IMDb's formula, m is also the minimum number of ratings to be listed.
    where: [...where, inArray(releases.type, [...TOP_TYPES]), gte(releases.ratingsCount, m)],
    orderBy: [desc(bayesian(m, mean)), desc(releases.ratingsCount), asc(releases.id)],
  };
}

function planFor(query: ParsedReleasesQuery, now: Date, db: DbOrTx, mean: number): Plan {
  const today = utcDay(now);
  // Stored dates are the earliest day a release could be out, so `date <= today`
  // counts a year-only release of this year as out since 1 January.
  switch (query.type) {
    case ReleaseListKind.New:
      return {
        where: [lte(releases.date, today)],
        orderBy: [desc(releases.date), desc(releases.createdAt), desc(releases.id)],
      };
    case ReleaseListKind.Upcoming:
      return {
        where: [gt(releases.date, today)],
        orderBy: [asc(releases.date), asc(releases.createdAt), asc(releases.id)],
      };
    case ReleaseListKind.RecentlyAdded:
      return { where: [], orderBy: [desc(releases.createdAt), desc(releases.id)] };
    case ReleaseListKind.NewPopular: {
      // Today and the 13 days before it.
      const since = addDays(today, 1 - NEW_POPULAR_WINDOW_DAYS);
      const entryCount = sql`(select count(*) from ${entries} e where e.release_id = ${releases.id})`;
      return {
        where: [gte(releases.date, since), lte(releases.date, today)],
        orderBy: [desc(entryCount), desc(releases.date), asc(releases.id)],
      };
    }
    case ReleaseListKind.Popular: {
      // Counting the window's entries once (entries_created_at_idx) and joining the
      // counts beats a count per release.
      const recent = db
        .select({ releaseId: entries.releaseId, n: count().as('recent_entries') })
        .from(entries)
        .where(gte(entries.createdAt, daysBefore(now, POPULAR_WINDOW_DAYS)))
        .groupBy(entries.releaseId)
        .as('recent');
      return {
        where: [],
        orderBy: [desc(recent.n), sql`${releases.date} desc nulls last`, asc(releases.id)],
        join: { table: recent, on: eq(recent.releaseId, releases.id) },
      };
    }
    case ReleaseListKind.Top:
      return topPlan(TOP_MIN_RATINGS_ALL_TIME, mean, []);
    case ReleaseListKind.TopOfTheYear: {
      const year = query.year ?? now.getUTCFullYear();
      return topPlan(TOP_MIN_RATINGS_YEAR, mean, [
        gte(releases.date, `${year}-01-01`),
        lt(releases.date, `${year + 1}-01-01`),
      ]);
    }
  }
}

/** Filters shared by every kind; each is an indexed semi-join. */
function filters(query: ParsedReleasesQuery): SQL[] {
  const out: SQL[] = [];
  if (query.genreId) {
    // A release belongs to a genre while the genre's net score on it is positive.
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${releases.id} and rg.genre_id = ${query.genreId} and rg.score > 0)`);
  }
  if (query.labelId) {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${releases.id} and rl.label_id = ${query.labelId})`);
  }
  if (query.artistId) {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${releases.id} and ra.artist_id = ${query.artistId})`);
  }
  return out;
}

/** What a cached ranking depends on: the kind, its filters and the day or year it reads. */
function rankKey(query: ParsedReleasesQuery, now: Date): string {
  const scope =
    query.type === ReleaseListKind.TopOfTheYear
      ? String(query.year ?? now.getUTCFullYear())
      : query.type === ReleaseListKind.NewPopular
        ? utcDay(now)
        : '';
  return JSON.stringify([query.type, scope, query.genreId, query.labelId, query.artistId]);
}

/** Releases by id, in the order of `ids`; one hidden since the ranking was cached is left out. */
async function releasesByIds(db: DbOrTx, ids: string[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(getTableColumns(releases))
    .from(releases)
    .where(and(anyOf(releases.id, ids), isVisible(releases)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of a release list as everyone sees it: one query for the page,
 * one for the total and one for the page's artists, whatever the page size. With a cache, popular, new-popular and the top
 * lists keep their first RANKED_DEPTH ids and total for a while, and a page
 * in that range costs a lookup by id instead of the ranking.
 */
export async function listReleases(
  db: DbOrTx,
  query: ParsedReleasesQuery,
  now: Date = new Date(),
  cache?: ReleaseListCache,
): Promise<PagedReleases> {
  const isTop = query.type === ReleaseListKind.Top || query.type === ReleaseListKind.TopOfTheYear;
  const mean = !isTop
    ? 0
    : cache
      ? await cache.mean.get('', () => meanRating(db))
      : await meanRating(db);
  const plan = planFor(query, now, db, mean);
  const where = and(isVisible(releases), ...filters(query), ...plan.where);
  const offset = (query.page - 1) * query.pageSize;

  let pageQuery = db.select(getTableColumns(releases)).from(releases).$dynamic();
  let idsQuery = db.select({ id: releases.id }).from(releases).$dynamic();
  let countQuery = db.select({ n: count() }).from(releases).$dynamic();
  if (plan.join) {
    pageQuery = pageQuery.innerJoin(plan.join.table, plan.join.on);
    idsQuery = idsQuery.innerJoin(plan.join.table, plan.join.on);
    countQuery = countQuery.innerJoin(plan.join.table, plan.join.on);
  }
  const totalOf = async () => (await countQuery.where(where))[0]?.n ?? 0;

  let rows: ReleaseRow[];
  let totalItems: number;
  const ranked =
    cache?.ranked.enabled && isCachedKind(query.type)
      ? await cache.ranked.get(rankKey(query, now), async () => {
          const [head, total] = await Promise.all([
            idsQuery
              .where(where)
              .orderBy(...plan.orderBy)
              .limit(RANKED_DEPTH),
            totalOf(),
          ]);
          return { ids: head.map((r) => r.id), total };
        })
      : undefined;
  if (ranked && coversPage(ranked, offset, query.pageSize)) {
    rows = await releasesByIds(db, ranked.ids.slice(offset, offset + query.pageSize));
    totalItems = ranked.total;
  } else {
    [rows, totalItems] = await Promise.all([
      pageQuery
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(query.pageSize)
        .offset(offset),
      totalOf(),
    ]);
  }
  return {
    currentPage: query.page,
    // An empty list has no pages, so "is there a next page" is simply currentPage < totalPages.
    totalPages: Math.ceil(totalItems / query.pageSize),
    totalItems,
    currentItems: rows.length,
    itemsPerPage: query.pageSize,
    releases: await toSummaries(db, rows),
  };
}
