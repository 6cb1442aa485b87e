import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { COUNTER_RECOUNTS, type CountedTable } from './recount-sql';
import { rowsOf } from './rows';

export {
  COUNTER_RECOUNTS,
  type CountedByTrigger,
  type CountedTable,
  type CounterRecount,
} from './recount-sql';

/** A counter the recount changed: which, and the ids of the rows it set right. */
export interface RecountChange {
  counter: string;
  ids: string[];
}

/**
 * Sets every counter to its recount, or with `only` just the counters of
 * those rows (by table; release ids for genre scores). Returns the counters
 * that were wrong, with their rows; empty when everything was right.
 */
export async function recountCounters(
  db: DbOrTx,
  only?: Partial<Record<CountedTable, readonly string[]>>,
): Promise<RecountChange[]> {
  const changes: RecountChange[] = [];
  for (const recount of COUNTER_RECOUNTS) {
    const ids = only ? only[recount.table] : undefined;
    if (only && (!ids || ids.length === 0)) continue;
    const rows = await rowsOf<{ id: unknown }>(db, sql.raw(recount.sql(ids)));
    const changed = rows.map((r) => String(r.id));
    if (changed.length > 0) changes.push({ counter: recount.counter, ids: changed });
  }
  return changes;
}

class RolledBack extends Error {}

/**
 * The counters that differ from their recount, with their rows, without
 * changing them: the recount runs in a transaction that is rolled back.
 * Empty when every counter is right.
 */
export async function counterDrift(db: Db): Promise<RecountChange[]> {
  let changes: RecountChange[] = [];
  await db
    .transaction(async (tx) => {
      changes = await recountCounters(tx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return changes;
}
