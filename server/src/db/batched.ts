import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { ReadCache } from '../lib/read-cache';
import { cacheTags } from '../lib/cache-tags';
import { isTransaction, type Db, type DbOrTx } from './client';
import { valueUnseenByPlanner } from './page-bounds';

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

/** The read cache that keeps readers' rows read through each handle (see keepReaderRows). */
const readerRowsKept = new WeakMap<Db, ReadCache>();

/**
 * Keeps the readers' rows that byViewerPairs lookups declared keepable
 * read through `db` in `cache` (see ReadCache.readerRows): the read cache's
 * plugin does this for the app's read handle.
 */
export function keepReaderRows(db: Db, cache: ReadCache): void {
  readerRowsKept.set(db, cache);
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
 * The ids of `ids` the reader may have a row at: the rest are not looked up
 * (see readerMayHave).
 */
type Narrow = (
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
) => Promise<readonly string[]> | readonly string[];

/**
 * The reader's rows at `ids`, by id, where the caller holds them exactly
 * (see readerEntriesKept); undefined where it does not: they are looked up.
 */
type Known<V> = (
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
) => Promise<Map<string, V> | undefined> | undefined;

/**
 * Readers' own rows by (reader, id) pairs (their entry on a release, their
 * vote on a review): `statement` joins `viewerPairs` (k.viewer, k.id) to
 * its table's key and selects `k.ord`. The arrays are unseen by the
 * planner, whose plans for each batch length would cost more than the
 * lookups. The readers asking in the same turn are read in one statement
 * (batchedPer), each reader's ask one key of the batch (a page's 48 ids are
 * one ask, not 48 keys to track); a transaction reads its own.
 *
 * With `known`, rows it holds are not looked up at all; with `narrow`, only
 * the ids the reader may have a row at are. With `keptAs`, rows that change
 * only by their reader's own writes (which invalidate the reader's tag) or
 * by changes to everything, the rows are kept in the read cache of the
 * handle (keepReaderRows) and only those it does not hold are read.
 */
export function byViewerPairs<V>(
  statement: (db: DbOrTx) => PairStatement<V>,
  keptAs?: string,
  narrow?: Narrow,
  known?: Known<V>,
) {
  type Ask = { viewerId: string; ids: readonly string[] };
  /** Each ask's rows by id, all the asks' pairs in one statement. */
  const read = async (db: DbOrTx, asks: readonly Ask[]): Promise<Map<string, V>[]> => {
    const viewers: string[] = [];
    const ids: string[] = [];
    const askOf: number[] = [];
    asks.forEach((ask, n) => {
      for (const id of ask.ids) {
        viewers.push(ask.viewerId);
        ids.push(id);
        askOf.push(n);
      }
    });
    const rows = await statement(db).execute({ viewers, ids });
    const out = asks.map(() => new Map<string, V>());
    for (const { ord, ...value } of rows) {
      const pair = Number(ord) - 1;
      out[askOf[pair]!]!.set(ids[pair]!, value as V);
    }
    return out;
  };
  const batches = batchedPer(read);
  /** The reader's rows among `ids`, by id (none where there is none). */
  const lookup = async (
    db: DbOrTx,
    viewerId: string,
    ids: readonly string[],
  ): Promise<Map<string, V>> => {
    if (ids.length === 0) return new Map();
    let unique: readonly string[] = [...new Set(ids)];
    if (isTransaction(db)) return (await read(db, [{ viewerId, ids: unique }]))[0]!;
    const held = known?.(db, viewerId, unique);
    const found = held && (await held);
    if (found) return found;
    if (narrow) {
      unique = await narrow(db, viewerId, unique);
      if (unique.length === 0) return new Map();
    }
    const readNow = (asked: readonly string[]) => batches(db).load({ viewerId, ids: asked });
    if (keptAs === undefined) return readNow(unique);
    const kept = readerRowsKept.get(db);
    return kept
      ? kept.readerRows(keptAs, cacheTags.reader(viewerId), unique, readNow)
      : readNow(unique);
  };
  /**
   * Keeps the reader's rows at `ids` that a statement of the caller's read
   * through `db` after `since` (readerRowsMoment), as if looked up here
   * (none at an id is kept as none), so later lookups find them.
   */
  const keep = (
    db: DbOrTx,
    viewerId: string,
    ids: readonly string[],
    rows: ReadonlyMap<string, V>,
    since: number | undefined,
  ): void => {
    const kept = readerRowsKept.get(db);
    if (keptAs === undefined || !kept || since === undefined) return;
    kept.keepReaderRows(keptAs, cacheTags.reader(viewerId), ids, rows, since);
  };
  return Object.assign(lookup, { keep });
}

/**
 * The moment of the read cache keeping readers' rows read through `db`
 * (see ReadCache.moment), undefined where none does: taken before a
 * statement reads rows to keep (a lookup's keep).
 */
export function readerRowsMoment(db: DbOrTx): number | undefined {
  return readerRowsKept.get(db)?.moment;
}
