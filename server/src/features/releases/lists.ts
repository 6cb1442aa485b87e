import { and, count, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Placeholder, SQL, Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { Binder, bindPage, preparedPer, ShapedStatements } from '../../db/prepared';
import { batchedPer } from '../../db/batched';
import type { Db, DbOrTx } from '../../db/client';
import { releaseArtists, releaseGenres, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import {
  keyColumns,
  afterKeys,
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
import { isVisible, isVisibleAsIndexed } from './visibility';

export type ParsedReleasesQuery = z.output<typeof releasesQuerySchema>;

/**
 * How one list kind selects and orders releases. Every order ends with a
 * unique key so pages never overlap or skip a release; a cursor holds the
 * keys of the last release given.
 */
interface Plan {
  /** Where the list reads its releases' ids and keys. */
  source: Source;
  where: SQL[];
  keys: SortKey[];
  /** What the kind reads beyond the releases table, inner-joined to it. */
  join?: { table: Subquery; on: SQL };
}

/**
 * Where a list reads its releases: the releases table, or for new, upcoming
 * and recently-added filtered by an artist, a label or a genre, that one's
 * links, which carry their release's date, creation time and visibility
 * with an index in each list order (the release link copies migration).
 */
interface Source {
  table: typeof releases | typeof releaseArtists | typeof releaseLabels | typeof releaseGenres;
  id: AnyPgColumn;
  date: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The source's visible releases, written as its partial indexes state it (never bound). */
  visible: SQL[];
  /** The filter the source answers, left out of the semi-joins. */
  answers?: 'artistId' | 'labelId' | 'genreId';
}

const everyRelease: Source = {
  table: releases,
  id: releases.id,
  date: releases.date,
  createdAt: releases.createdAt,
  visible: [isVisibleAsIndexed(releases)],
};

/**
 * For a list ordered by date or creation: the links of the first filter
 * given among artist, label and genre (an artist's releases are usually
 * the fewest, a genre's the most); else every release. The filters' values are
 * bound; the visibility and belonging are written as the partial indexes'
 * predicates, so a generic plan may read those indexes.
 */
function sourceOf(query: ParsedReleasesQuery, b: Binder): Source {
  if (query.artistId) {
    const t = releaseArtists;
    const by = eq(t.artistId, b.bind('artistId', query.artistId));
    return linkSource(t, [by, sql`${t.releaseVisible}`], 'artistId');
  }
  if (query.labelId) {
    const t = releaseLabels;
    const by = eq(t.labelId, b.bind('labelId', query.labelId));
    return linkSource(t, [by, sql`${t.releaseVisible}`], 'labelId');
  }
  if (query.genreId) {
    const t = releaseGenres;
    const by = eq(t.genreId, b.bind('genreId', query.genreId));
    return linkSource(t, [by, sql`${t.releaseVisible} and ${t.score} > 0`], 'genreId');
  }
  return everyRelease;
}

function linkSource(
  table: typeof releaseArtists | typeof releaseLabels | typeof releaseGenres,
  visible: SQL[],
  answers: Source['answers'],
): Source {
  const { releaseId, releaseDate, releaseCreatedAt } = table;
  return { table, id: releaseId, date: releaseDate, createdAt: releaseCreatedAt, visible, answers };
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
function bayesian(m: number, mean: Placeholder): SQL {
  return sql`(${releases.ratingsSum} + ${m} * ${mean}::float8) / (${releases.ratingsCount} + ${m})`;
}

function topPlan(m: number, mean: Placeholder, where: SQL[]): Plan {
  return {
    source: everyRelease,
    // As in IMDb's formula, m is also the minimum number of ratings to be listed.
    where: [...where, inArray(releases.type, [...TOP_TYPES]), gte(releases.ratingsCount, m)],
    keys: [
      { expr: bayesian(m, mean), type: 'float', desc: true },
      { expr: releases.ratingsCount, type: 'int', desc: true },
      byId(false),
    ],
  };
}

const byId = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.id,
  type: 'text',
  desc,
});
const byDate = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.date,
  type: 'date',
  desc,
});
const byCreation = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.createdAt,
  type: 'timestamptz',
  desc,
});

/**
 * The kind's plan, its values bound in `b` (the kind and the filters are
 * its shape): a list's page and total are statements made once per shape.
 */
function planFor(query: ParsedReleasesQuery, now: Date, db: DbOrTx, mean: number, b: Binder): Plan {
  b.mark(query.type);
  const day = utcDay(now);
  const today = () => b.bind('today', day);
  // Stored dates are the earliest day a release could be out, so `date <= today`
  // counts a year-only release of this year as out since 1 January.
  switch (query.type) {
    case ReleaseListKind.New: {
      const from = sourceOf(query, b);
      return {
        source: from,
        where: [lte(from.date, today())],
        keys: [byDate(true, from), byCreation(true, from), byId(true, from)],
      };
    }
    case ReleaseListKind.Upcoming: {
      const from = sourceOf(query, b);
      return {
        source: from,
        where: [gt(from.date, today())],
        keys: [byDate(false, from), byCreation(false, from), byId(false, from)],
      };
    }
    case ReleaseListKind.RecentlyAdded: {
      const from = sourceOf(query, b);
      return { source: from, where: [], keys: [byCreation(true, from), byId(true, from)] };
    }
    case ReleaseListKind.NewPopular: {
      // Today and the 13 days before it.
      const since = b.bind('since', addDays(day, 1 - NEW_POPULAR_WINDOW_DAYS));
      const entryCount = sql`(select count(*) from ${entries} e where e.release_id = ${releases.id})`;
      return {
        source: everyRelease,
        where: [gte(releases.date, since), lte(releases.date, today())],
        keys: [{ expr: entryCount, type: 'int', desc: true }, byDate(true), byId(false)],
      };
    }
    case ReleaseListKind.Popular: {
      // Counting the window's entries once (entries_created_at_idx) and joining the
      // counts beats a count per release.
      const recent = db
        .select({ releaseId: entries.releaseId, n: count().as('recent_entries') })
        .from(entries)
        .where(gte(entries.createdAt, b.bind('since', daysBefore(now, POPULAR_WINDOW_DAYS))))
        .groupBy(entries.releaseId)
        .as('recent');
      return {
        source: everyRelease,
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
      return topPlan(TOP_MIN_RATINGS_ALL_TIME, b.bind('mean', mean), []);
    case ReleaseListKind.TopOfTheYear: {
      const year = query.year ?? now.getUTCFullYear();
      return topPlan(TOP_MIN_RATINGS_YEAR, b.bind('mean', mean), [
        gte(releases.date, b.bind('yearStart', `${year}-01-01`)),
        lt(releases.date, b.bind('yearEnd', `${year + 1}-01-01`)),
      ]);
    }
  }
}

/**
 * Filters shared by every kind but the one the source answers; each is an
 * indexed semi-join on the source's release id.
 */
function filters(query: ParsedReleasesQuery, from: Source, b: Binder): SQL[] {
  const out: SQL[] = [];
  if (query.genreId && from.answers !== 'genreId') {
    // A release belongs to a genre while the genre's net score on it is positive.
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${from.id} and rg.genre_id = ${b.bind('genreId', query.genreId)}
        and rg.score > 0)`);
  }
  if (query.labelId && from.answers !== 'labelId') {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${from.id} and rl.label_id = ${b.bind('labelId', query.labelId)})`);
  }
  if (query.artistId && from.answers !== 'artistId') {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${from.id} and ra.artist_id = ${b.bind('artistId', query.artistId)})`);
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

/** The lists' pages and totals, made once per shape (ShapedStatements). */
type PageRow = { id: string } & Record<string, unknown>;
const pageStatements = new ShapedStatements<PageRow[]>('releases_page');
const countStatements = new ShapedStatements<{ n: number }[]>('releases_count');

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
  const b = new Binder();
  const plan = planFor(query, now, db, mean, b);
  const from = plan.source;
  const where = and(...from.visible, ...filters(query, from, b), ...plan.where);
  // Each key's sort value, named s0, s1...: the page's ids are sorted by them
  // and the keys' text (for cursors) is worked out for the page's rows alone,
  // where a sort would first work it out for every candidate.
  const sortValues = sortValueColumns(plan.keys);
  /** The ids and keys of `limit` releases in list order after `offset` and the cursor's keys. */
  const pageIds = (limit: number, offset: number, after?: readonly unknown[]) => {
    const r = new Binder(b);
    const bounds = bindPage(r, limit, offset, after);
    return pageStatements.run(db, r, () => {
      let ids = db
        .select({ id: sql<string>`${from.id}`.as('id'), ...sortValues })
        .from(from.table)
        .$dynamic();
      if (plan.join) ids = ids.innerJoin(plan.join.table, plan.join.on);
      const page = ids
        .where(and(where, bounds.after && afterKeys(plan.keys, bounds.after)))
        .orderBy(...orderByKeys(plan.keys))
        .limit(bounds.limit)
        .offset(bounds.offset)
        .as('page');
      const pageKeys = keysOver(plan.keys, page);
      return db
        .select({ id: page.id, ...keyColumns(pageKeys) })
        .from(page)
        .orderBy(...orderByKeys(pageKeys));
    });
  };
  // A page's ids come first and its releases are read by id (summariesOf):
  // sorting whole rows would carry every candidate's columns through the sort
  // (a deep page of "top" sorts the thousands of rated releases).
  const list: KeysetList<PageRow> = {
    name: query.type,
    keys: plan.keys,
    rows: (limit, offset, after) => pageIds(limit, offset, after?.values),
    total: () => {
      const counting = async () => {
        const [row] = await countStatements.run(db, b, () => {
          const counted = db.select({ n: count() }).from(from.table).$dynamic();
          return (plan.join ? counted.innerJoin(plan.join.table, plan.join.on) : counted).where(
            where,
          );
        });
        return row?.n ?? 0;
      };
      return cache ? cache.total(totalKey(query, now), counting) : counting();
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
