import { and, count, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { SQL, Subquery } from 'drizzle-orm';
import {
  NEW_POPULAR_WINDOW_DAYS,
  POPULAR_WINDOW_DAYS,
  ReleaseListKind,
  TOP_MIN_RATINGS_ALL_TIME,
  TOP_MIN_RATINGS_YEAR,
  TOP_TYPES,
  type PagedReleases,
  type ReleaseSummary,
  type releasesQuerySchema,
} from '@earmark/common';
import type { z } from 'zod';
import { anyOfPlaceholder } from '../../db/any-of';
import { preparedPer } from '../../db/prepared';
import { batchedPer } from '../../db/batched';
import type { Db, DbOrTx } from '../../db/client';
import { releaseArtists, releaseGenres, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import {
  keyColumns,
  keysOf,
  keysOver,
  orderByKeys,
  pageFields,
  readCursor,
  readKeysetPage,
  sortValueColumns,
  writeCursor,
  type KeysetList,
  type SortKey,
} from '../../lib/keyset';
import { addDays, daysBefore, utcDay } from './dates';
import { isCachedKind, stretchesOf, type RankedIds, type ReleaseListCache } from './list-cache';
import { releaseCardColumns, toReleaseSummary, type ReleaseCardRow } from './present';
import { isVisible } from './visibility';

export type ParsedReleasesQuery = z.output<typeof releasesQuerySchema>;

/**
 * How one list kind selects and orders releases. Every order ends with a
 * unique key so pages never overlap or skip a release; a cursor holds the
 * keys of the last release given.
 */
interface Plan {
  where: SQL[];
  keys: SortKey[];
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
    keys: [
      { expr: bayesian(m, mean), type: 'float', desc: true },
      { expr: releases.ratingsCount, type: 'int', desc: true },
      byId(false),
    ],
  };
}

const byId = (desc: boolean): SortKey => ({ expr: releases.id, type: 'text', desc });
const byDate = (desc: boolean): SortKey => ({ expr: releases.date, type: 'date', desc });
const byCreation = (desc: boolean): SortKey => ({
  expr: releases.createdAt,
  type: 'timestamptz',
  desc,
});

function planFor(query: ParsedReleasesQuery, now: Date, db: DbOrTx, mean: number): Plan {
  const today = utcDay(now);
  // Stored dates are the earliest day a release could be out, so `date <= today`
  // counts a year-only release of this year as out since 1 January.
  switch (query.type) {
    case ReleaseListKind.New:
      return {
        where: [lte(releases.date, today)],
        keys: [byDate(true), byCreation(true), byId(true)],
      };
    case ReleaseListKind.Upcoming:
      return {
        where: [gt(releases.date, today)],
        keys: [byDate(false), byCreation(false), byId(false)],
      };
    case ReleaseListKind.RecentlyAdded:
      return { where: [], keys: [byCreation(true), byId(true)] };
    case ReleaseListKind.NewPopular: {
      // Today and the 13 days before it.
      const since = addDays(today, 1 - NEW_POPULAR_WINDOW_DAYS);
      const entryCount = sql`(select count(*) from ${entries} e where e.release_id = ${releases.id})`;
      return {
        where: [gte(releases.date, since), lte(releases.date, today)],
        keys: [{ expr: entryCount, type: 'int', desc: true }, byDate(true), byId(false)],
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
        keys: [
          { expr: recent.n, type: 'int', desc: true },
          { ...byDate(true), nulls: 'last' },
          byId(false),
        ],
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

/** What a list's total depends on: the kind, its filters, the day and year. */
function totalKey(query: ParsedReleasesQuery, now: Date): string {
  return JSON.stringify([
    query.type,
    utcDay(now),
    query.year ?? null,
    query.genreId,
    query.labelId,
    query.artistId,
  ]);
}

const summariesByIds = preparedPer((db) =>
  db
    .select(releaseCardColumns)
    .from(releases)
    .where(and(anyOfPlaceholder(releases.id, 'ids'), isVisible(releases)))
    .prepare('release_summaries_by_ids'),
);

/** The releases the list pages of one turn of the event loop ask for, in one statement. */
const summaryBatches = batchedPer<string, ReleaseCardRow | null>(async (db, ids) => {
  const rows = await summariesByIds(db).execute({ ids: [...new Set(ids)] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
});

/**
 * Summaries of releases by id, in the order of `ids`, in one prepared
 * statement (the rows carry their artists), read together with the other
 * pages' asked for at the same time; one hidden since the ranking was
 * cached is left out.
 */
export async function summariesOf(db: Db, ids: string[]): Promise<ReleaseSummary[]> {
  if (ids.length === 0) return [];
  const found = await summaryBatches(db).loadMany(ids);
  return found.flatMap((read) => {
    if (read instanceof Error) throw read;
    return read ? [toReleaseSummary(read)] : [];
  });
}

/**
 * One page of a release list as everyone sees it, by page number or by
 * cursor (see readKeysetPage): one query for the page, one for the total
 * (not on cursor pages) and one for the page's releases, whatever the page
 * size. With a cache, popular, new-popular and the top lists keep their
 * ranking in stretches of RANKED_DEPTH ids (with their keys and the total),
 * each read when a page first reaches it and kept for a while, and a page
 * is read by id, whether asked by number or by cursor (the cursor's
 * position in the ranking): page 50 costs what page 1 does.
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
  // Each key's sort value, named s0, s1...: the page's ids are sorted by them
  // and the keys' text (for cursors) is worked out for the page's rows alone,
  // where a sort would first work it out for every candidate.
  const sortValues = sortValueColumns(plan.keys);
  /** The ids and keys of `limit` releases in list order after `offset` and the cursor's `after`. */
  const pageIds = (limit: number, offset: number, after?: SQL) => {
    let ids = db
      .select({ id: releases.id, ...sortValues })
      .from(releases)
      .$dynamic();
    if (plan.join) ids = ids.innerJoin(plan.join.table, plan.join.on);
    const page = ids
      .where(and(where, after))
      .orderBy(...orderByKeys(plan.keys))
      .limit(limit)
      .offset(offset)
      .as('page');
    const pageKeys = keysOver(plan.keys, page);
    return db
      .select({ id: page.id, ...keyColumns(pageKeys) })
      .from(page)
      .orderBy(...orderByKeys(pageKeys));
  };
  let countQuery = db.select({ n: count() }).from(releases).$dynamic();
  if (plan.join) countQuery = countQuery.innerJoin(plan.join.table, plan.join.on);
  // A page's ids come first and its releases are read by id (summariesOf):
  // sorting whole rows would carry every candidate's columns through the sort
  // (a deep page of "top" sorts the thousands of rated releases).
  const list: KeysetList<{ id: string } & Record<string, unknown>> = {
    name: query.type,
    keys: plan.keys,
    rows: (limit, offset, after) => pageIds(limit, offset, after?.condition),
    total: () => {
      const count = async () => (await countQuery.where(where))[0]?.n ?? 0;
      return cache ? cache.total(totalKey(query, now), count) : count();
    },
  };

  const before = query.cursor
    ? readCursor(query.cursor, list.name, list.keys).n
    : (query.page - 1) * query.pageSize;
  if (cache?.ranked.enabled && isCachedKind(query.type)) {
    // The stretches of the ranking the page lies in, each read once a TTL.
    const key = rankKey(query, now);
    const nth = stretchesOf(before, query.pageSize, cache.depth);
    const stretches = await Promise.all(
      nth.map((k) =>
        cache.ranked.get(`${key}#${k}`, async () => {
          const [rows, total] = await Promise.all([
            pageIds(cache.depth, k * cache.depth),
            list.total(),
          ]);
          return {
            ids: rows.map((r) => r.id),
            keys: rows.map((r) => keysOf(r, plan.keys.length)),
            total,
          };
        }),
      ),
    );
    const start = nth[0]! * cache.depth;
    const from = before - start;
    // Most pages lie in one stretch: its arrays are sliced, not copied first.
    const take = <T>(pick: (s: RankedIds) => T[]) =>
      (stretches.length === 1 ? pick(stretches[0]!) : stretches.flatMap(pick)).slice(
        from,
        from + query.pageSize,
      );
    const ids = take((s) => s.ids);
    const keys = take((s) => s.keys);
    const total = stretches[0]!.total;
    const end = before + ids.length;
    // A ranking read a moment after its count may hold a release more.
    const read = stretches.reduce((n, s) => n + s.ids.length, 0);
    const length = Math.max(total, start + read);
    const nextCursor =
      ids.length > 0 && end < length
        ? writeCursor({ s: list.name, k: keys.at(-1)!, n: end, t: total })
        : null;
    const summaries = await summariesOf(db, ids);
    return {
      ...pageFields({
        totalItems: total,
        pageSize: query.pageSize,
        before,
        currentItems: summaries.length,
        nextCursor,
      }),
      releases: summaries,
    };
  }
  const { rows, fields } = await readKeysetPage(list, query);
  return {
    ...fields,
    releases: await summariesOf(
      db,
      rows.map((r) => r.id),
    ),
  };
}
