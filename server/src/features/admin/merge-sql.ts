/**
 * Small SQL helpers the merge statements share: reading the rows and counts
 * a raw statement returns, whichever client (PGlite or pg) ran it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ImpactLine } from '@earmark/common';

/** The ids a statement returns (its `id` column), without repeats. */
export async function idsOf(db: DbOrTx, query: SQL): Promise<string[]> {
  return [...new Set((await rowsOf(db, query)).map((r) => String(r.id)))];
}

/** The number a `select count(*) as n` statement answers. */
export async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf(db, query);
  return Number(row?.n ?? 0);
}

/** A line of what moves, counted by `query` when called. */
export function line(
  db: DbOrTx,
  key: string,
  label: string,
  query: SQL,
): () => Promise<ImpactLine> {
  return async () => ({ key, label, count: await countOf(db, query) });
}

/** Runs the counts one after another (one connection, one statement at a time). */
export async function inOrder<T>(steps: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const step of steps) out.push(await step());
  return out;
}

/** Ids as a list of parameters, for `in (...)`. */
export function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}
