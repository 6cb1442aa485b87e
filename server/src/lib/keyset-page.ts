import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { afterKeys, keysOf, readCursor, writeCursor, type SortKey } from './keyset';

/**
 * One page of a list, by page number or by cursor (readKeysetPage): what a
 * list offers to read its rows (KeysetList), what a page's statement is
 * asked for (PageSlice), and the page fields of the reply.
 */

export interface PageRequest {
  page: number;
  pageSize: number;
  cursor?: string;
}

/** The page fields of a reply (see cursorPageFieldsSchema). */
export interface PageFieldsOut {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  currentItems: number;
  itemsPerPage: number;
  nextCursor: string | null;
}

export function pageFields(opts: {
  totalItems: number;
  pageSize: number;
  /** Items of the list before this page. */
  before: number;
  currentItems: number;
  nextCursor: string | null;
}): PageFieldsOut {
  return {
    currentPage: Math.floor(opts.before / opts.pageSize) + 1,
    // An empty list has no pages, so "is there a next page" is simply currentPage < totalPages.
    totalPages: Math.ceil(opts.totalItems / opts.pageSize),
    totalItems: opts.totalItems,
    currentItems: opts.currentItems,
    itemsPerPage: opts.pageSize,
    nextCursor: opts.nextCursor,
  };
}

/** Where a cursor page starts: the cursor's key values, and the condition on rows after them. */
export class KeysetAfter {
  constructor(
    private readonly keys: readonly SortKey[],
    readonly values: readonly (string | null)[],
  ) {}

  /** The rows after the cursor's keys (afterKeys), built when a list asks for it. */
  get condition(): SQL {
    return afterKeys(this.keys, this.values);
  }
}

export interface KeysetList<Row> {
  /** The list's name in its cursors (a sort or a list kind), so one list's cursor fails on another. */
  name: string;
  keys: readonly SortKey[];
  /**
   * The list's rows in key order, with keyColumns selected, after `after`
   * when given: its condition, or its values for a list that binds them.
   */
  rows(limit: number, offset: number, after: KeysetAfter | undefined): Promise<Row[]>;
  /**
   * `limit` rows ending `offset` rows before the list's end, in key order:
   * a page of the list's second half read from the end (in sliceOrder's
   * order), which skips fewer rows than reading from the start. Optional.
   */
  rowsFromEnd?(limit: number, offset: number): Promise<Row[]>;
  total(): Promise<number>;
  /**
   * The first page's rows and the list's total, read in one statement, for
   * a list whose total can be a sub-query of its page's; `total` is
   * undefined when no row carried it, and total() answers. A list without
   * it reads its first page and its total side by side.
   */
  firstRowsWithTotal?(limit: number): Promise<{ rows: Row[]; total: number | undefined }>;
  /**
   * Rows from `offset` with the list's total, read in one statement (as
   * firstRowsWithTotal, at any offset): for a numbered page that the
   * list's last known total (`totalHint`) places in its first half.
   */
  rowsWithTotal?(
    limit: number,
    offset: number,
  ): Promise<{ rows: Row[]; total: number | undefined }>;
  /**
   * Rows as rowsFromEnd reads them, with the list's total, in one
   * statement: for a numbered page that the list's last known total places
   * in its second half. The rows are the page's only if the total read is
   * the one their offset was worked out from.
   */
  rowsFromEndWithTotal?(
    limit: number,
    offset: number,
  ): Promise<{ rows: Row[]; total: number | undefined }>;
  /**
   * What names the list with its filters (not its page) among the totals
   * last read (see lastTotals): set, a numbered page past the first reads
   * its rows and total in one statement where that total places it in the
   * list's first half.
   */
  totalHint?: string;
}

/**
 * The total each list (by its totalHint) had when last read, in this
 * process. Only a hint of which end a numbered page lies nearer: a page
 * read from the start is right whatever the list's length, and carries
 * the list's total as it is now; a page read from the end first counts it.
 */
const lastTotals = new LRUCache<string, number>({ max: 20_000 });

/** What a list's page statement reads (see PageStatement). */
export interface PageSlice {
  limit: number;
  /** Rows skipped: from the start, or from the end when `fromEnd`. */
  offset: number;
  /** The cursor's key values: rows after them (never with `fromEnd`). */
  after?: readonly unknown[];
  /** Each row also carries the list's total (a `total` column, a sub-query of the same statement). */
  withTotal: boolean;
  /** Read in the reversed order (sliceOrder), so the rows come last first. */
  fromEnd: boolean;
}

/** A list's page statement: the rows of a slice, in the slice's order (see PageSlice). */
export type PageStatement<Row> = (slice: PageSlice) => Promise<Row[]>;

/** A list's rows, from either end, and first page with its total, read by one page statement. */
export function pagesOf<Row extends Record<string, unknown>>(
  page: PageStatement<Row>,
): Pick<
  KeysetList<Row>,
  'rows' | 'rowsFromEnd' | 'firstRowsWithTotal' | 'rowsWithTotal' | 'rowsFromEndWithTotal'
> {
  return {
    rows: (limit, offset, after) =>
      page({ limit, offset, after: after?.values, withTotal: false, fromEnd: false }),
    rowsFromEnd: async (limit, offset) =>
      (await page({ limit, offset, withTotal: false, fromEnd: true })).reverse(),
    firstRowsWithTotal: (limit) => rowsWithTotal(limit, 0),
    rowsWithTotal,
    rowsFromEndWithTotal: async (limit, offset) => {
      const read = await rowsWithTotal(limit, offset, true);
      return { total: read.total, rows: read.rows.reverse() };
    },
  };
  async function rowsWithTotal(limit: number, offset: number, fromEnd = false) {
    const rows = await page({ limit, offset, withTotal: true, fromEnd });
    // Every row carries the same total (null for nothing counted); an empty page none.
    const first = rows[0];
    return { rows, total: first && Math.max(0, Number(first.total ?? 0)) };
  }
}

/** Whether rowsAt reads rows [from, from + count) of a list of `total` rows from its end. */
function readsFromEnd<Row>(list: KeysetList<Row>, from: number, count: number, total: number) {
  return list.rowsFromEnd !== undefined && total - Math.min(from + count, total) < from;
}

/**
 * Rows [from, from + count) of a list of `total` rows, read from whichever
 * end skips fewer (see rowsFromEnd), so the last pages cost what the first
 * do and no page skips more than half the list. From the end, the page
 * rests on the total being the list's length; the counters keep it so.
 */
function rowsAt<Row>(list: KeysetList<Row>, from: number, count: number, total: number) {
  const end = Math.min(from + count, total);
  if (list.rowsFromEnd && readsFromEnd(list, from, count, total)) {
    return list.rowsFromEnd(end - from, total - end);
  }
  return list.rows(count, from, undefined);
}

/**
 * Rows [from, from + count) and the list's total in one statement, from
 * the end that the list's last known total (`hint`) places them nearer;
 * undefined when the list cannot, or when read from the end and the total
 * read is not the hint (the offset from the end was then wrong).
 */
async function rowsByHint<Row>(
  list: KeysetList<Row>,
  from: number,
  count: number,
  hint: number,
): Promise<{ rows: Row[]; total: number | undefined } | undefined> {
  if (!readsFromEnd(list, from, count, hint)) return list.rowsWithTotal?.(count, from);
  if (!list.rowsFromEndWithTotal || from >= hint) return undefined;
  const end = Math.min(from + count, hint);
  const read = await list.rowsFromEndWithTotal(end - from, hint - end);
  return read.total === hint ? read : undefined;
}

/**
 * One page of a list, by cursor or by page number. A cursor page runs one
 * query that starts at the cursor's keys (its total comes with the cursor,
 * counted when the first page was read). A page number runs the total
 * first, so a page past the end answers from it without reading rows and a
 * page of the second half is read from the end (rowsAt); page
 * 1 reads both in one statement where the list can (firstRowsWithTotal),
 * or side by side, and so does a later page whose place the list's last
 * known total tells (rowsByHint, totalHint), from either end. Either way
 * one row more than the page tells whether a next page exists.
 */
export async function readKeysetPage<Row extends Record<string, unknown>>(
  list: KeysetList<Row>,
  request: PageRequest,
): Promise<{ rows: Row[]; fields: PageFieldsOut }> {
  const { pageSize } = request;
  let fetched: Row[];
  let totalItems: number;
  let before: number;
  if (request.cursor) {
    const state = readCursor(request.cursor, list.name, list.keys);
    fetched = await list.rows(pageSize + 1, 0, new KeysetAfter(list.keys, state.k));
    totalItems = state.t;
    before = state.n;
  } else {
    before = (request.page - 1) * pageSize;
    if (before === 0 && list.firstRowsWithTotal) {
      const first = await list.firstRowsWithTotal(pageSize + 1);
      fetched = first.rows;
      totalItems = first.total ?? (await list.total());
    } else if (before === 0) {
      [fetched, totalItems] = await Promise.all([
        list.rows(pageSize + 1, 0, undefined),
        list.total(),
      ]);
    } else {
      const hint = list.totalHint === undefined ? undefined : lastTotals.get(list.totalHint);
      const read =
        hint === undefined ? undefined : await rowsByHint(list, before, pageSize + 1, hint);
      if (read) {
        fetched = read.rows;
        totalItems = read.total ?? (await list.total());
      } else {
        totalItems = await list.total();
        fetched = before < totalItems ? await rowsAt(list, before, pageSize + 1, totalItems) : [];
      }
    }
  }
  if (list.totalHint !== undefined) lastTotals.set(list.totalHint, totalItems);
  const rows = fetched.slice(0, pageSize);
  const last = rows.at(-1);
  const nextCursor =
    fetched.length > pageSize && last
      ? writeCursor({
          s: list.name,
          k: keysOf(last, list.keys.length),
          n: before + rows.length,
          t: totalItems,
        })
      : null;
  return {
    rows,
    fields: pageFields({ totalItems, pageSize, before, currentItems: rows.length, nextCursor }),
  };
}
