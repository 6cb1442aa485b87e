import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The rows of a raw statement's result, whichever client (PGlite or pg) ran it. */
export function resultRows<R = Record<string, unknown>>(result: unknown): R[] {
  return ((Array.isArray(result) ? result : (result as { rows?: R[] }).rows) ?? []) as R[];
}

/** Runs a raw statement and answers its rows. */
export async function rowsOf<R = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<R[]> {
  return resultRows<R>(await db.execute(query));
}
