import { and, count, eq, sql } from 'drizzle-orm';
import {
  ReleaseListKind,
  type PagedReleases,
  type releasesQuerySchema,
  type ViewerEntry,
} from '@earmark/common';
import type { z } from 'zod';
import { Binder, ShapedStatements } from '../../db/prepared';
import { bindPage } from '../../db/page-bounds';
import { readerRowsMoment } from '../../db/batched';
import type { Db, DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import {
  keyColumns,
  afterKeys,
  keysOf,
  keysOver,
  orderByKeys,
  readCursor,
  sortValueColumns,
  writeCursor,
} from '../../lib/keyset';
import { pageFields, readKeysetPage, type KeysetList } from '../../lib/keyset-page';
import { utcDay } from './dates';
import { isCachedKind, stretchesOf, type RankedIds, type ReleaseListCache } from './list-cache';
import { filters, meanRating, planFor } from './list-plans';
import { releaseCardColumns, toReleaseSummary, type ReleaseCardRow } from './present';
import {
  readerEntryColumns,
  readerEntryJoin,
  readerEntryOfRow,
  viewerEntriesOf,
} from './summaries';
import { readSummaries } from './list-summaries';
import { isVisible } from './visibility';
import { releaseCardsOf } from '../../lib/release-cards';
import { withFields } from '../../lib/objects';

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
  return (await readReleasesPage(db, query, now, cache, undefined)).page;
}

/**
 * A page of a release list made for a signed-in reader: the page as
 * everyone sees it (what the read cache keeps), and the reader's own
 * entries on its releases, read by the page's statement (see
 * readerEntryJoin and summaryBatches) and kept as viewerEntriesOf keeps
 * what it reads, so their next pages find them there.
 */
export async function listReleasesFor(
  db: DbOrTx,
  query: ParsedReleasesQuery,
  reader: { id: string },
  now: Date = new Date(),
  cache?: ReleaseListCache,
): Promise<{ page: PagedReleases; mine: Map<string, ViewerEntry> }> {
  const since = readerRowsMoment(db);
  const { page, mine = new Map() } = await readReleasesPage(db, query, now, cache, reader.id);
  viewerEntriesOf.keep(
    db,
    reader.id,
    page.releases.map((r) => r.id),
    mine,
    since,
  );
  return { page, mine };
}

/** A page of a release list (see listReleases), with `reader`'s entries on it when given. */
async function readReleasesPage(
  db: DbOrTx,
  query: ParsedReleasesQuery,
  now: Date,
  cache: ReleaseListCache | undefined,
  reader: string | undefined,
): Promise<{ page: PagedReleases; mine?: Map<string, ViewerEntry> }> {
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
    const readerId = cards && reader ? r.bindReader('reader', reader) : undefined;
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
      const own = readerId && readerEntryJoin(cardColumns.id, readerId);
      const rows = db
        .select({ ...cardColumns, ...columns, ...(own ? readerEntryColumns : {}) })
        .from(page)
        .innerJoinLateral(card, sql`true`)
        .$dynamic();
      if (own) rows.leftJoin(own.table, own.on);
      return rows.orderBy(...order);
    });
  };
  // Where the instance keeps cards (ReleaseCards), a page reads its ids and
  // keys alone and its cards from there; elsewhere its statement joins them.
  const joinCards = !releaseCardsOf(db);
  const totalKeyed = totalKey(query, now);
  // A ranking's ids come first and its releases are read by id (summariesOf):
  // sorting whole rows would carry every candidate's columns through the sort
  // (a deep page of "top" sorts the thousands of rated releases). A page read
  // on its own joins its releases' columns to its sorted ids in the same
  // statement, and page 1 counts the list there too unless its total is kept.
  const list: KeysetList<PageRow> = {
    name: query.type,
    keys: plan.keys,
    rows: (limit, offset, after) => pageRows(limit, offset, after?.values, { cards: joinCards }),
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
        return { rows: await pageRows(limit, 0, undefined, { cards: joinCards }), total: kept };
      const rows = await pageRows(limit, 0, undefined, { cards: joinCards, withTotal: true });
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
    const { summaries, mine } = await readSummaries(db, ids, reader);
    const fields = pageFields({
      totalItems: total,
      pageSize: query.pageSize,
      before,
      currentItems: summaries.length,
      nextCursor,
    });
    const page = withFields(fields, { releases: summaries });
    return { page, mine };
  }
  const { rows, fields } = await readKeysetPage(list, query);
  if (!joinCards) {
    // The app's handle: cards are kept for no transaction.
    const ids = rows.map((row) => row.id);
    const { summaries, mine } = await readSummaries(db as Db, ids, reader);
    const page = withFields(fields, { currentItems: summaries.length, releases: summaries });
    return { page, mine };
  }
  const page = withFields(fields, {
    releases: rows.map((row) => toReleaseSummary(row as ReleaseCardRow)),
  });
  if (!reader) return { page };
  const mine = new Map<string, ViewerEntry>();
  for (const row of rows as unknown as (ReleaseCardRow &
    Parameters<typeof readerEntryOfRow>[0])[]) {
    const own = readerEntryOfRow(row);
    if (own) mine.set(row.id, own);
  }
  return { page, mine };
}
