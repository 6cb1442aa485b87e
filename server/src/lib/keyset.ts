import { and, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { decodeCursor, encodeCursor, type CursorState } from '@earmark/common';
import { valueUnseenByPlanner } from '../db/page-bounds';
import { badRequest } from './errors';
import { withFields } from './objects';

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
    keys.map((k) =>
      withFields(k, {
        desc: !k.desc,
        ...(k.nulls && { nulls: k.nulls === 'first' ? ('last' as const) : ('first' as const) }),
      }),
    ),
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
  return keys.map((k, i) => withFields(k, { expr: columns[`s${i}`]! }));
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
