import { and, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { decodeCursor, encodeCursor, type CursorState } from '@earmark/common';
import { valueUnseenByPlanner } from '../db/prepared';
import { badRequest } from './errors';

/**
 * Keyset (cursor) paging: a list's order is a tuple of sort keys ending with
 * a unique one, and the next page is "the items after the last one given",
 * a condition an index answers at any depth instead of an OFFSET that reads
 * and drops every item before the page.
 *
 * Key values travel as text, written and read by PostgreSQL, so they come
 * back exactly (timestamps to the microsecond, which a JavaScript Date would
 * round to the millisecond).
 */

/** How a key is written as text and read back. */
export type KeyType = 'timestamptz' | 'date' | 'int' | 'float' | 'text';

export interface SortKey {
  expr: SQLWrapper;
  desc: boolean;
  type: KeyType;
  /** Only for keys that may be null: where nulls sort. Keys without it are never null. */
  nulls?: 'first' | 'last';
}

const textOf: Record<KeyType, (e: SQLWrapper) => SQL<string>> = {
  timestamptz: (e) => sql`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  date: (e) => sql`to_char(${e}, 'YYYY-MM-DD')`,
  int: (e) => sql`(${e})::text`,
  // float8's text form is the shortest that reads back as the same number.
  float: (e) => sql`(${e})::float8::text`,
  text: (e) => sql`(${e})::text`,
};

/** A key value: its text, or a placeholder bound to it (see Binder). */
type KeyValue = string | Placeholder;

/** The type a key's value is read as. */
const castOf = {
  timestamptz: 'timestamptz',
  date: 'date',
  int: 'int8',
  float: 'float8',
  text: 'text',
} as const satisfies Record<KeyType, string>;

/**
 * A cursor's key value in the one row comparison of keys that run one way
 * and are never null, unseen by the planner (see valueUnseenByPlanner): an
 * index still takes it as the start of its range. Seen, a value deep in a
 * list made a plan for it look cheaper than the generic one (few rows after
 * it), so each cursor page was planned anew, which cost three times what
 * running it did; unseen, a connection keeps the generic plan after its
 * first runs. The longer condition (seenValueOf) keeps its values seen:
 * unseen, the plan no longer started the index at the cursor.
 */
const valueOf = (type: KeyType, v: KeyValue): SQL => valueUnseenByPlanner(v, castOf[type]);
const seenValueOf = (type: KeyType, v: KeyValue): SQL => sql`${v}::${sql.raw(castOf[type])}`;

/** A real calendar day of the years 1 to 9999 ('YYYY-MM-DD'), as PostgreSQL reads it. */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000')) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(-24, -14) === v;
}

/** What a key's text may look like, so a cursor never makes the database fail to read it. */
const wellFormed: Record<KeyType, (v: string) => boolean> = {
  timestamptz: (v) =>
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/.test(v) && isDay(v.slice(0, 10)),
  date: isDay,
  int: (v) => /^-?\d{1,18}$/.test(v),
  float: (v) => /^-?(\d+(\.\d+)?(e[+-]?\d+)?|Infinity)$/.test(v),
  text: (v) => v.length > 0 && v.length <= 64,
};

/** The ORDER BY of the keys. */
export function orderByKeys(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) => {
    const dir = k.desc ? sql`desc` : sql`asc`;
    return k.nulls ? sql`${k.expr} ${dir} nulls ${sql.raw(k.nulls)}` : sql`${k.expr} ${dir}`;
  });
}

/**
 * The ORDER BY of a slice of a list: the keys', or, read from the list's end
 * (see KeysetList.rowsFromEnd), each direction and each `nulls` side
 * swapped, which an index on the keys walks backward.
 */
export function sliceOrder(keys: readonly SortKey[], fromEnd: boolean): SQL[] {
  if (!fromEnd) return orderByKeys(keys);
  return orderByKeys(
    keys.map((k) => ({
      ...k,
      desc: !k.desc,
      ...(k.nulls && { nulls: k.nulls === 'first' ? ('last' as const) : ('first' as const) }),
    })),
  );
}

/**
 * Columns selecting each key as text, named k0, k1... The names are given in
 * SQL too: unnamed, `(recent_entries)::text` would be an output column named
 * recent_entries, and ORDER BY "recent_entries" would sort by that text.
 */
export function keyColumns(keys: readonly SortKey[]): Record<string, SQL.Aliased<string | null>> {
  return Object.fromEntries(keys.map((k, i) => [`k${i}`, textOf[k.type](k.expr).as(`k${i}`)]));
}

/**
 * Columns selecting each key's value as it is, named s0, s1...: what a
 * page's walk selects, so the keys' text (keyColumns over `keysOver`) is
 * written for the page's rows only, not for every row an offset skips.
 */
export function sortValueColumns(keys: readonly SortKey[]): Record<string, SQL.Aliased<unknown>> {
  return Object.fromEntries(keys.map((k, i) => [`s${i}`, sql`${k.expr}`.as(`s${i}`)]));
}

/** The keys, read from the sortValueColumns of a sub-query (`sorted`). */
export function keysOver(keys: readonly SortKey[], sorted: object): SortKey[] {
  const columns = sorted as Record<string, SQL.Aliased<unknown>>;
  return keys.map((k, i) => ({ ...k, expr: columns[`s${i}`]! }));
}

/** The key values of a row selected with keyColumns. */
export function keysOf(row: Record<string, unknown>, count: number): (string | null)[] {
  return Array.from({ length: count }, (_, i) => (row[`k${i}`] as string | null) ?? null);
}

/** Rows whose key is equal to `v`, and rows that sort after it. */
function equalTo(k: SortKey, v: KeyValue | null): SQL {
  return v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${seenValueOf(k.type, v)}`;
}
function after(k: SortKey, v: KeyValue | null): SQL | undefined {
  if (v === null) return k.nulls === 'first' ? sql`${k.expr} is not null` : undefined;
  const beyond = k.desc
    ? sql`${k.expr} < ${seenValueOf(k.type, v)}`
    : sql`${k.expr} > ${seenValueOf(k.type, v)}`;
  return k.nulls === 'last' ? or(beyond, sql`${k.expr} is null`) : beyond;
}

/**
 * The rows that sort after the given key values. When every key runs the
 * same way and none is null, one row comparison, which an index on the
 * keys (in that order) turns into the start of its range; otherwise the
 * expanded form "after on the first key, or equal on it and after on the
 * next..." with the first key's bound repeated so an index on it still helps.
 */
export function afterKeys(keys: readonly SortKey[], values: readonly (KeyValue | null)[]): SQL {
  const uniform = keys.every((k) => k.desc === keys[0]!.desc && !k.nulls);
  if (uniform && values.every((v) => v !== null)) {
    const left = sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    const right = sql.join(
      keys.map((k, i) => valueOf(k.type, values[i]!)),
      sql`, `,
    );
    return keys[0]!.desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  // A key with nothing after its value (a null that sorts last) closes its branch.
  const branches = keys.flatMap((k, i) => {
    const beyond = after(k, values[i]!);
    if (!beyond) return [];
    return [and(...keys.slice(0, i).map((prev, j) => equalTo(prev, values[j]!)), beyond)];
  });
  const expanded = or(...branches) ?? sql`false`;
  const first = keys[0]!;
  const v0 = values[0]!;
  if (v0 === null || first.nulls) return expanded;
  const bound = first.desc
    ? sql`${first.expr} <= ${seenValueOf(first.type, v0)}`
    : sql`${first.expr} >= ${seenValueOf(first.type, v0)}`;
  return and(bound, expanded)!;
}

export const INVALID_CURSOR = 'cursor is not valid: use the nextCursor of the page before';

/**
 * The cursor of a request, checked against the list it is used on: the
 * list's name and the shape of each key must match, or the request is
 * refused with 400.
 */
export function readCursor(token: string, list: string, keys: readonly SortKey[]): CursorState {
  const state = decodeCursor(token);
  const fits =
    state !== null &&
    state.s === list &&
    state.k.length === keys.length &&
    state.k.every((v, i) =>
      v === null ? keys[i]!.nulls !== undefined : wellFormed[keys[i]!.type](v),
    );
  if (!fits) throw badRequest(INVALID_CURSOR);
  return state;
}

export function writeCursor(state: CursorState): string {
  return encodeCursor(state);
}

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
): Pick<KeysetList<Row>, 'rows' | 'rowsFromEnd' | 'firstRowsWithTotal' | 'rowsWithTotal'> {
  const slice = { withTotal: false, fromEnd: false };
  return {
    rows: (limit, offset, after) => page({ ...slice, limit, offset, after: after?.values }),
    rowsFromEnd: async (limit, offset) =>
      (await page({ ...slice, limit, offset, fromEnd: true })).reverse(),
    firstRowsWithTotal: (limit) => rowsWithTotal(limit, 0),
    rowsWithTotal,
  };
  async function rowsWithTotal(limit: number, offset: number) {
    const rows = await page({ ...slice, limit, offset, withTotal: true });
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
 * One page of a list, by cursor or by page number. A cursor page runs one
 * query that starts at the cursor's keys (its total comes with the cursor,
 * counted when the first page was read). A page number runs the total
 * first, so a page past the end answers from it without reading rows and a
 * page of the second half is read from the end (rowsAt); page
 * 1 reads both in one statement where the list can (firstRowsWithTotal),
 * or side by side, and so does a later page that the list's last known
 * total places in its first half (rowsWithTotal, totalHint). Either way one row more than the page tells whether a
 * next page exists.
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
      if (
        list.rowsWithTotal &&
        hint !== undefined &&
        !readsFromEnd(list, before, pageSize + 1, hint)
      ) {
        const read = await list.rowsWithTotal(pageSize + 1, before);
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
