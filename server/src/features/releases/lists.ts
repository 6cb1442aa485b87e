import { and, count, eq, sql } from 'drizzle-orm';
import {
  ReleaseListKind,
  type PagedReleases,
  type ReleaseSummary,
  type releasesQuerySchema,
} from '@earmark/common';
import type { z } from 'zod';
import { anyOfPlaceholder } from '../../db/any-of';
import { Binder, bindPage, preparedPer, ShapedStatements } from '../../db/prepared';
import { batchedPer } from '../../db/batched';
import type { Db, DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
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
} from '../../lib/keyset';
import { utcDay } from './dates';
import { isCachedKind, stretchesOf, type RankedIds, type ReleaseListCache } from './list-cache';
import { filters, meanRating, planFor } from './list-plans';
import { releaseCardColumns, toReleaseSummary, type ReleaseCardRow } from './present';
import { isVisible } from './visibility';

export type ParsedReleasesQuery = z.output<typeof releasesQuerySchema>;

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

/**
 * The releases the list pages of one turn of the event loop ask for, in one
 * statement: each page's ids are one ask (one key of the batch), and a
 * release several pages show is read once. Keyed by id, a page of 25 took
 * 25 of a batch's keys, so readers of one hot page asking together split
 * into a statement per two or three of them, each reading the same rows.
 */
const summaryBatches = batchedPer<readonly string[], (ReleaseCardRow | null)[]>(
  async (db, asks) => {
    const ids = [...new Set(asks.flat())];
    const rows = await summariesByIds(db).execute({ ids });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return asks.map((ask) => ask.map((id) => byId.get(id) ?? null));
  },
);

/**
 * Summaries of releases by id, in the order of `ids`, in one prepared
 * statement (the rows carry their artists), read together with the other
 * pages' asked for at the same time; one hidden since the ranking was
 * cached is left out.
 */
export async function summariesOf(db: Db, ids: string[]): Promise<ReleaseSummary[]> {
  if (ids.length === 0) return [];
  const found = await summaryBatches(db).load(ids);
  return found.flatMap((read) => (read ? [toReleaseSummary(read)] : []));
}

/**
 * One page of a release list as everyone sees it, by page number or by
 * cursor (see readKeysetPage): one statement for the page with its
 * releases, which on page 1 counts the list too unless its total is kept;
 * other numbered pages read the total first (kept or counted). With a
 * cache, popular, new-popular and the top lists keep their ranking in
 * stretches of RANKED_DEPTH ids (with their keys and the total),
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
  /** The list's length, as a query (a statement of its own, or a sub-query of a page's). */
  const counted = () => {
    if (plan.total) {
      const { table, n, where } = plan.total();
      return db.select({ n }).from(table).where(where).$dynamic();
    }
    const rows = db.select({ n: count() }).from(from.table).$dynamic();
    return (plan.join ? rows.innerJoin(plan.join.table, plan.join.on) : rows).where(where);
  };
  /**
   * `limit` releases in list order after `offset` and the cursor's keys:
   * their ids and keys; with `cards`, their card columns as well, joined
   * to the page once its ids are sorted; with `withTotal`, the list's
   * total on each row (worked out once for the statement).
   */
  const pageRows = (
    limit: number,
    offset: number,
    after?: readonly unknown[],
    { cards = false, withTotal = false } = {},
  ) => {
    const r = new Binder(b);
    const bounds = bindPage(r, limit, offset, after);
    if (cards) r.mark('cards');
    if (withTotal) r.mark('with total');
    return pageStatements.run(db, r, () => {
      let ids = db
        .select({ pid: sql<string>`${from.id}`.as('pid'), ...sortValues })
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
      const columns = {
        ...keyColumns(pageKeys),
        ...(withTotal ? { total: sql<number>`(${counted()})`.mapWith(Number) } : {}),
      };
      const order = orderByKeys(pageKeys);
      if (!cards) {
        return db
          .select({ id: sql<string>`${page.pid}`.as('id'), ...columns })
          .from(page)
          .orderBy(...order);
      }
      // A key probe per row of the page, in its order: lateral, and kept from
      // being flattened into a join by its limit (flattened, the planner may
      // hash the page and read every release).
      const card = db
        .select(releaseCardColumns)
        .from(releases)
        .where(and(eq(releases.id, page.pid), isVisible(releases)))
        .limit(1)
        .as('card');
      const cardColumns = Object.fromEntries(
        Object.keys(releaseCardColumns).map((name) => [name, card[name as keyof typeof card]]),
      ) as unknown as typeof releaseCardColumns;
      return db
        .select({ ...cardColumns, ...columns })
        .from(page)
        .innerJoinLateral(card, sql`true`)
        .orderBy(...order);
    });
  };
  const totalKeyed = totalKey(query, now);
  // A ranking's ids come first and its releases are read by id (summariesOf):
  // sorting whole rows would carry every candidate's columns through the sort
  // (a deep page of "top" sorts the thousands of rated releases). A page read
  // on its own joins its releases' columns to its sorted ids in the same
  // statement, and page 1 counts the list there too unless its total is kept.
  const list: KeysetList<PageRow> = {
    name: query.type,
    keys: plan.keys,
    rows: (limit, offset, after) => pageRows(limit, offset, after?.values, { cards: true }),
    total: () => {
      const counting = async () => {
        const [row] = await countStatements.run(db, b, counted);
        return row?.n ?? 0;
      };
      return cache ? cache.total(totalKeyed, counting) : counting();
    },
    firstRowsWithTotal: async (limit) => {
      const kept = cache?.keptTotal(totalKeyed);
      if (kept !== undefined)
        return { rows: await pageRows(limit, 0, undefined, { cards: true }), total: kept };
      const rows = await pageRows(limit, 0, undefined, { cards: true, withTotal: true });
      const total = rows[0] && Number(rows[0].total);
      if (total !== undefined) cache?.noteTotal(totalKeyed, total);
      return { rows, total };
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
            pageRows(cache.depth, k * cache.depth),
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
  return { ...fields, releases: rows.map((row) => toReleaseSummary(row as ReleaseCardRow)) };
}
