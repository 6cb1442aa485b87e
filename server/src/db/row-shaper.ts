import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/**
 * Rows of prepared selects shaped by a function written once for their
 * fields, instead of Drizzle's per-value mapping (see withRowsShapedOnce).
 */

/** The parts of a Drizzle prepared select that shape its rows (not in its public API). */
interface RowShaping {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What turns a selected field's value from the driver into its value, as Drizzle finds it. */
function decoderOf(field: unknown): Decoder {
  const decoding = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoding(field);
  if (is(field, Subquery)) return decoding(field._.sql);
  return decoding((field as SQL.Aliased).sql);
}

/** Where a selected field's value goes in a row's object: a nested object's names, or a value's slot. */
type ShapeTree = Map<string, ShapeTree | { index: number; decoder: Decoder }>;

/** Builds a row's object from the driver's values, in the fields' order. */
type RowShaper = (row: unknown[]) => Record<string, unknown>;

/**
 * The top-level objects of a select Drizzle turns to null on a row, each
 * with the slot it looks at: an object whose columns all come from one
 * table that may be missing (an outer join's, or one the select does not
 * name) is null when its first column is. Mirrors Drizzle's mapping of rows.
 */
function nullableObjects(
  fields: NonNullable<RowShaping['fields']>,
  notNullable: Record<string, boolean> | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  if (!notNullable) return out;
  const first = new Map<string, { table: string; index: number } | false>();
  for (const [index, { path, field }] of fields.entries()) {
    if (path.length !== 2 || !is(field, Column)) continue;
    const table = getTableName(field.table);
    const seen = first.get(path[0]!);
    if (seen === undefined) first.set(path[0]!, { table, index });
    else if (seen && seen.table !== table) first.set(path[0]!, false);
  }
  for (const [name, seen] of first) {
    if (seen && !notNullable[seen.table]) out.set(name, seen.index);
  }
  return out;
}

/**
 * The row shaper of a select's fields, written as one function making the
 * row's objects as literals: each object gets its whole shape at once, so
 * the code reading rows later sees a few fixed shapes instead of objects
 * grown a key at a time (which made every store and read by name go the
 * slow, shape-generic way). An object of a missing row is null, as Drizzle
 * makes it (nullableObjects). Undefined where a path is both a value and a
 * nested object, or names an object's prototype: those stay with Drizzle.
 */
function compileRowShaper(
  fields: NonNullable<RowShaping['fields']>,
  notNullable: Record<string, boolean> | undefined,
): RowShaper | undefined {
  const root: ShapeTree = new Map();
  for (const [index, { path, field }] of fields.entries()) {
    if (path.includes('__proto__')) return undefined;
    let node = root;
    for (const name of path.slice(0, -1)) {
      const child = node.get(name) ?? new Map();
      if (!(child instanceof Map)) return undefined;
      node.set(name, child);
      node = child;
    }
    if (node.get(path.at(-1)!) instanceof Map) return undefined;
    node.set(path.at(-1)!, { index, decoder: decoderOf(field) });
  }
  const nullable = nullableObjects(fields, notNullable);
  const decoders: Decoder[] = [];
  const literal = (tree: ShapeTree, top: boolean): string => {
    const members = [...tree].map(([name, part]) => {
      const key = JSON.stringify(name);
      if (part instanceof Map) {
        const object = literal(part, false);
        const missingAt = top ? nullable.get(name) : undefined;
        if (missingAt === undefined) return `${key}: ${object}`;
        return `${key}: row[${missingAt}] === null ? null : ${object}`;
      }
      decoders.push(part.decoder);
      const raw = `row[${part.index}]`;
      const decoded = `d[${decoders.length - 1}].mapFromDriverValue(${raw})`;
      return `${key}: ${raw} === null ? null : ${decoded}`;
    });
    return `{ ${members.join(', ')} }`;
  };
  const body = `return (row) => (${literal(root, true)});`;
  // The text holds only the select's own field names (quoted) and slot numbers.
  return new Function('d', body)(decoders) as RowShaper;
}

/**
 * A prepared select whose rows are shaped by a function written once for
 * its fields (compileRowShaper), where Drizzle's own mapping finds each
 * field's kind and walks its path again for every value of every row: for
 * a page of 25 entries with their owners and releases, a tenth of the
 * server's time. The result is the same objects (prepared.test compares
 * them), outer joins' missing rows included.
 */
export function withRowsShapedOnce<P>(prepared: P): P {
  if (!is(prepared, PgPreparedQuery)) return prepared;
  const q = prepared as unknown as RowShaping;
  if (!q.fields || q.customResultMapper) return prepared;
  const shape = compileRowShaper(q.fields, q.joinsNotNullableMap);
  if (shape) q.customResultMapper = (rows) => (rows as unknown[][]).map(shape);
  return prepared;
}
