import DataLoader from 'dataloader';
import type { Db } from './client';

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
