import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Binder } from './prepared';

/**
 * A page's bounds as a statement made once per shape takes them: the limit
 * written into the text, the offset and the values PostgreSQL must plan
 * without seeing bound (see valueUnseenByPlanner).
 */

/**
 * A LIMIT written into a statement's text, for a shape that marks it. With
 * a bound limit PostgreSQL's generic plan expects a tenth of the rows to be
 * read, so for a list of tens of thousands it kept planning every run.
 */
export function pageLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a limit: ${limit}`);
  // Drizzle writes an SQL chunk given as the limit as it is (its type admits numbers only).
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * A bound OFFSET that PostgreSQL plans without knowing (see
 * valueUnseenByPlanner). Seen, every offset made a plan that looked cheaper
 * than the generic plan (which expects a tenth of the rows skipped), so a
 * numbered page's statement was planned on every run: for the top reviews'
 * second page, 2.3 ms of planning for 0.7 ms of reading.
 */
export function pageOffset(offset: Placeholder): Placeholder {
  // Drizzle writes an SQL chunk given as the offset as it is (its type admits numbers and placeholders).
  return valueUnseenByPlanner(offset, 'int8') as unknown as Placeholder;
}

/**
 * A bound value that PostgreSQL plans without knowing, `(select $n::type)`:
 * an index still takes it as a bound, but a plan made for the values is
 * then costed as the generic plan is, so after its first runs a prepared
 * statement keeps the generic plan instead of being planned on every run.
 * For a statement whose custom plans PostgreSQL keeps preferring by a
 * small margin while planning it costs more than running it.
 */
export function valueUnseenByPlanner(
  value: Placeholder | string,
  type: 'date' | 'timestamptz' | 'int8' | 'float8' | 'text' | 'text[]',
): SQL {
  return sql`(select ${value}::${sql.raw(type)})`;
}

/** A page's bounds bound to a statement's shape (see bindPage). */
export interface BoundPage {
  /** The limit, written into the text. */
  limit: number;
  /** The bound offset, or 0 (written) on first and cursor pages. */
  offset: Placeholder | 0;
  /** The cursor's key values, bound; a null stays null (it changes the text). */
  after: (Placeholder | null)[] | undefined;
}

/**
 * Binds a keyset page's bounds. The limit is written into the text (see
 * pageLimit) and marked; an offset is bound, and left out of first and
 * cursor pages; which of the cursor's values are null is marked, as a null
 * key value changes the condition's text, and so is a slice read from the
 * list's end (its order is reversed: see sliceOrder).
 */
export function bindPage(
  b: Binder,
  limit: number,
  offset: number,
  after: readonly unknown[] | undefined,
  fromEnd = false,
): BoundPage {
  b.mark(`limit ${limit}`);
  if (fromEnd) b.mark('from end');
  const skip = offset > 0 ? pageOffset(b.bind('offset', offset)) : 0;
  b.mark(after ? after.map((v) => (v === null ? 'null' : 'v')).join('') : '-');
  return {
    limit: pageLimit(limit),
    offset: skip,
    after: after?.map((v, i) => (v === null ? null : b.bind(`after${i}`, v))),
  };
}
