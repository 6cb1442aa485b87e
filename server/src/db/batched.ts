import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { isTransaction, type Db, type DbOrTx } from './client';
import { valueUnseenByPlanner } from './prepared';

/**
 * The most lookups one statement reads: past it, a batch is split. Large
 * enough for the concurrency one instance sees (its connections times a
 * few), small enough that one statement stays short.
 */
const MAX_BATCH = 64;

/**
 * Lookups that concurrent requests ask for in the same turn of the event
 * loop, read in one statement per database handle: under load, many
 * requests for a hot kind of page share one round trip to the database
 * instead of one each (each costs the server and PostgreSQL more CPU than
 * reading a page's rows). A lone request waits no more than that turn.
 *
 * `load` reads the keys' values in one statement and answers them in the
 * keys' order (null where there is nothing). Nothing is kept between
 * batches: this batches, it does not cache. Only for reads outside
 * transactions (a transaction's reads must stay on its connection).
 */
export function batchedPer<K, V>(
  load: (db: Db, keys: readonly K[]) => Promise<V[]>,
  maxBatch = MAX_BATCH,
): (db: Db) => DataLoader<K, V> {
  const made = new WeakMap<Db, DataLoader<K, V>>();
  return (db) => {
    let loader = made.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => load(db, keys), {
        cache: false,
        maxBatchSize: maxBatch,
        // The requests whose sockets were read in this turn have all asked by then.
        batchScheduleFn: (run) => setImmediate(run),
      });
      made.set(db, loader);
    }
    return loader;
  };
}

/** The pairs of a pair lookup's statement (see byViewerPairs), as a relation to join. */
export const viewerPairs = sql`unnest(${valueUnseenByPlanner(sql.placeholder('viewers'), 'text[]')},
    ${valueUnseenByPlanner(sql.placeholder('ids'), 'text[]')})
  with ordinality as k(viewer, id, ord)`;

/** A prepared statement reading the rows of `viewerPairs` it finds, each with its `ord`. */
interface PairStatement<V> {
  execute(values: { viewers: string[]; ids: string[] }): Promise<({ ord: string } & V)[]>;
}

/**
 * Readers' own rows by (reader, id) pairs (their entry on a release, their
 * vote on a review): `statement` joins `viewerPairs` (k.viewer, k.id) to
 * its table's key and selects `k.ord`. The arrays are unseen by the
 * planner, whose plans for each batch length would cost more than the
 * lookups. A reader's ids asked for in the same turn as other readers' are
 * read in one statement with theirs (batchedPer); a transaction reads its own.
 */
export function byViewerPairs<V>(statement: (db: DbOrTx) => PairStatement<V>) {
  type Key = { viewerId: string; id: string };
  const read = async (db: DbOrTx, keys: readonly Key[]): Promise<(V | null)[]> => {
    const rows = await statement(db).execute({
      viewers: keys.map((k) => k.viewerId),
      ids: keys.map((k) => k.id),
    });
    const out: (V | null)[] = keys.map(() => null);
    for (const { ord, ...value } of rows) out[Number(ord) - 1] = value as V;
    return out;
  };
  const batches = batchedPer(read, 2048);
  /** The reader's rows among `ids`, by id (none where there is none). */
  return async (db: DbOrTx, viewerId: string, ids: readonly string[]): Promise<Map<string, V>> => {
    const byId = new Map<string, V>();
    if (ids.length === 0) return byId;
    const keys = [...new Set(ids)].map((id) => ({ viewerId, id }));
    const found = isTransaction(db) ? await read(db, keys) : await batches(db).loadMany(keys);
    found.forEach((value, i) => {
      if (value instanceof Error) throw value;
      if (value !== null) byId.set(keys[i]!.id, value);
    });
    return byId;
  };
}
