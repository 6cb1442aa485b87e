/**
 * The public (viewer-independent) payloads of the hottest GET calls, kept in
 * process for a short time and dropped as soon as a write touches one of
 * their tags. A signed-in viewer's own parts (their entry on a release, their
 * vote on a review) are never stored here: routes lay them over the public
 * payload on every request.
 *
 * Tags name what a payload was read from, e.g. `release:<id>` or `user:<id>`.
 * Beside the payloads it keeps readers' own rows (`readerRows`): each
 * reader's entries, votes and likes on what they saw, dropped by that reader's tag,
 * so a signed-in reader of a cached page costs no lookup of what they
 * already read within the TTL.
 *
 * Invalidation is by sequence number rather than by key: each tag remembers
 * the sequence at which it was last invalidated, each stored payload the
 * sequence at which its computation started, and a payload is served only if
 * none of its tags moved since. A computation that overlaps a write is thus
 * never served, however the two interleave. Invalidations from other
 * instances arrive through `applyRemote` (see the read-cache plugin).
 *
 * Storage, its size bound and least-recently-used order are `lru-cache`'s;
 * this layer adds the tags, the sequences, one computation per key, and
 * serving an expired payload once more while its successor is computed.
 */
import { LRUCache } from 'lru-cache';
import { CachedPayload } from './cached-payload';
import { sameTurnRuns } from './same-turn';

/** The tag every payload has: invalidating it drops them all (bans, merges...). */
export const ALL_TAG = '*';

export interface ReadCacheOptions {
  /**
   * How long a payload is served as fresh, and then for how long more as
   * stale while it is being recomputed; 0 or less turns the cache off.
   */
  ttlMs: number;
  /** At most this many payloads are kept; the least recently used goes first. */
  maxEntries: number;
  /** At most this many readers' rows (see readerRows); 0 keeps none. */
  maxReaderRows?: number;
  /**
   * 2: a payload is kept only when its key is computed again while the key
   * of its last computation is still remembered (four times `maxEntries`
   * keys, the least recently asked forgotten first). A payload kept outlives
   * the young generation's collections, which copy it on the way: for a
   * page read once, as most of a large catalogue is, that copying was the
   * cache's whole effect. 1 (the default) keeps every payload computed.
   */
  keepAfter?: 1 | 2;
  now?: () => number;
}

interface Stored {
  payload: CachedPayload<unknown>;
  tags: readonly string[];
  /** The sequence when the computation started. */
  seq: number;
  /** Served as fresh until then; `lru-cache` drops it one TTL later. */
  freshUntil: number;
}

/**
 * One reader's rows of a kind, by id (null: they have none there), all
 * dropped together by the reader's tag: one lookup per page, not per row.
 */
interface ReaderRows {
  rows: Map<string, unknown>;
  tag: string;
  /** The sequence when the first of them was read. */
  seq: number;
}

interface Pending {
  promise: Promise<CachedPayload<unknown>>;
  /** Null while the tags depend on the value being computed. */
  tags: readonly string[] | null;
  seq: number;
}

/**
 * A payload's tags: known beforehand, or read off the computed value (a
 * release page is tagged with the artists and labels it shows).
 */
export type PayloadTags<V> = readonly string[] | ((value: V) => readonly string[]);

/** How readers were served since the cache was made (see ReadCache.stats). */
export interface ReadCacheStats {
  /** A fresh stored payload. */
  hits: number;
  /** An expired one, served once more while its successor is computed. */
  stale: number;
  /** Waited for the computation another reader had started. */
  joined: number;
  /** Computed for this reader. */
  misses: number;
  /** The cache is off: computed for every reader. */
  bypassed: number;
}

export class ReadCache {
  /** Counts of how `get` served its callers: plain increments, read by the bench. */
  readonly stats: ReadCacheStats = { hits: 0, stale: 0, joined: 0, misses: 0, bypassed: 0 };
  private readonly stored: LRUCache<string, Stored> | null;
  private readonly readers: LRUCache<string, ReaderRows> | null;
  /** The keys computed once and not kept, with keepAfter 2. */
  private readonly computedOnce: LRUCache<string, true> | null;
  private readonly pending = new Map<string, Pending>();
  /** With the cache off: this turn's computations and their askers' count, by key. */
  private readonly turn = new Map<string, Promise<CachedPayload<unknown>>>();
  private readonly turnAsks = new Map<string, number>();
  /** Tag → sequence and time of its last invalidation, oldest first. */
  private readonly invalidated = new Map<string, { seq: number; at: number }>();
  private seq = 0;
  /** The newest sequence among forgotten invalidations: older computations are never fresh. */
  private forgottenSeq = 0;
  private readonly now: () => number;
  private readonly listeners = new Set<(tags: readonly string[]) => void>();

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? (() => Date.now());
    this.stored =
      options.ttlMs > 0
        ? new LRUCache<string, Stored>({
            max: Math.max(1, options.maxEntries),
            // Fresh for one TTL, then served stale for one more while recomputed.
            ttl: 2 * options.ttlMs,
            updateAgeOnGet: false,
            // Time read at each call, so a test's fake clock is seen exactly.
            perf: { now: this.now },
            ttlResolution: 0,
          })
        : null;
    this.computedOnce =
      options.ttlMs > 0 && options.keepAfter === 2
        ? new LRUCache<string, true>({ max: 4 * Math.max(1, options.maxEntries) })
        : null;
    const maxRows = options.maxReaderRows ?? 0;
    this.readers =
      options.ttlMs > 0 && maxRows > 0
        ? new LRUCache<string, ReaderRows>({
            maxSize: maxRows,
            sizeCalculation: (r) => Math.max(1, r.rows.size),
            // Never served stale; a reader's rows all go one TTL after the
            // first was read (a lost announcement from another instance is
            // bounded by it, as for the payloads).
            ttl: options.ttlMs,
            noUpdateTTL: true,
            updateAgeOnGet: false,
            perf: { now: this.now },
            ttlResolution: 0,
          })
        : null;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.stored?.size ?? 0;
  }

  /**
   * The payload under `key`, computed (once for concurrent callers) when
   * missing or invalidated. For one more TTL after it expires, a payload
   * nothing invalidated is still served while its successor is computed in
   * the background (stale-while-revalidate), so expiry never makes a reader wait.
   * With the cache off, the askers of a key in one turn share its computation
   * (sharedInTurn), but one made `forReader` (with its reader's own parts).
   */
  get<V>(
    key: string,
    tags: PayloadTags<V>,
    compute: () => Promise<V>,
    forReader = false,
  ): Promise<CachedPayload<V>> {
    if (!this.stored) {
      if (forReader) {
        this.stats.bypassed += 1;
        return compute().then((value) => new CachedPayload(value, true));
      }
      return this.sharedInTurn(key, compute);
    }
    const hit = this.stored.get(key);
    if (hit) {
      if (this.fresh(hit.tags, hit.seq)) {
        const stale = this.now() >= hit.freshUntil;
        this.stats[stale ? 'stale' : 'hits'] += 1;
        if (stale) {
          // Expired but not invalidated: serve it once more while a fresh one is made.
          this.compute(key, tags, compute).catch(() => {
            // The expired payload stays until its grace ends; the next reader retries.
          });
        }
        return Promise.resolve(hit.payload as CachedPayload<V>);
      }
      this.stored.delete(key);
      // Read before: its successor is kept (see keepAfter).
      this.computedOnce?.set(key, true);
    }
    this.stats[this.joinable(key) ? 'joined' : 'misses'] += 1;
    return this.compute(key, tags, compute);
  }

  /**
   * With the cache off: one computation of `key` for the askers of one turn,
   * run in the next (sameTurnRuns, as statements are), so it reads what each
   * would have read alone; nothing is kept. One asker's payload is theirs alone.
   */
  private sharedInTurn<V>(key: string, compute: () => Promise<V>): Promise<CachedPayload<V>> {
    const asks = (this.turnAsks.get(key) ?? 0) + 1;
    this.turnAsks.set(key, asks);
    this.stats[asks > 1 ? 'joined' : 'bypassed'] += 1;
    return sameTurnRuns(this.turn, key, async () => {
      const askers = this.turnAsks.get(key) ?? 1;
      this.turnAsks.delete(key);
      return new CachedPayload(await compute(), askers === 1, askers);
    }) as Promise<CachedPayload<V>>;
  }

  /**
   * Whether a payload just computed under `key` is kept (see keepAfter): one
   * kept before is (its successor, or one a write dropped); else one whose key
   * was computed before and remembered; else its key is remembered.
   */
  private keeps(key: string): boolean {
    if (!this.computedOnce || this.stored?.has(key)) return true;
    if (this.computedOnce.delete(key)) return true;
    this.computedOnce.set(key, true);
    return false;
  }

  /** The computation of `key` already running that a reader may wait for, if any. */
  private joinable(key: string): Pending | undefined {
    const inFlight = this.pending.get(key);
    // A computation whose tags are not known yet is joined only if nothing at all was invalidated since it started.
    if (
      inFlight &&
      (inFlight.tags ? this.fresh(inFlight.tags, inFlight.seq) : inFlight.seq === this.seq)
    ) {
      return inFlight;
    }
    return undefined;
  }

  /** Computes and stores a payload, or joins the computation of it already running. */
  private compute<V>(
    key: string,
    tags: PayloadTags<V>,
    compute: () => Promise<V>,
  ): Promise<CachedPayload<V>> {
    const inFlight = this.joinable(key);
    if (inFlight) return inFlight.promise as Promise<CachedPayload<V>>;
    const seq = this.seq;
    const promise = compute().then((value) => {
      const payload = new CachedPayload(value);
      const known = typeof tags === 'function' ? tags(value) : tags;
      if (this.fresh(known, seq) && this.keeps(key)) {
        const freshUntil = this.now() + this.options.ttlMs;
        this.stored?.set(key, { payload, tags: known, seq, freshUntil });
      }
      return payload;
    });
    const entry: Pending = { promise, tags: typeof tags === 'function' ? null : tags, seq };
    this.pending.set(key, entry);
    const done = () => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /**
   * One reader's rows of a `kind` at `ids` (their entry on each release,
   * say), by id, none where they have none: those read within the TTL from
   * here, the others from `load` (given only those, in the order asked) and
   * kept until `tag`, the reader's, or everything is invalidated. Rows read
   * while such an invalidation happened are returned but not kept.
   */
  async readerRows<V>(
    kind: string,
    tag: string,
    ids: readonly string[],
    load: (ids: readonly string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const readers = this.readers;
    if (!readers) return load(ids);
    const key = `${kind}\u0000${tag}`;
    const held = readers.get(key);
    const kept = held && this.fresh([tag], held.seq) ? held : undefined;
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const id of ids) {
      const value = kept?.rows.get(id);
      if (value === undefined) missing.push(id);
      else if (value !== null) out.set(id, value as V);
    }
    if (missing.length === 0) return out;
    const seq = this.seq;
    const loaded = await load(missing);
    for (const id of missing) {
      const value = loaded.get(id);
      if (value !== undefined) out.set(id, value);
    }
    this.keepReaderRows(kind, tag, missing, loaded, seq);
    return out;
  }

  /**
   * Where the cache's invalidations stand: rows read after this moment may
   * be kept with it (keepReaderRows).
   */
  get moment(): number {
    return this.seq;
  }

  /**
   * Keeps one reader's rows of a `kind` at `ids`, read after `since` (a
   * moment), as readerRows keeps what it loads: none at an id is kept as
   * none. Not kept if `tag`, the reader's, or everything was invalidated
   * since then.
   */
  keepReaderRows<V>(
    kind: string,
    tag: string,
    ids: readonly string[],
    rows: ReadonlyMap<string, V>,
    since: number,
  ): void {
    const readers = this.readers;
    if (!readers || ids.length === 0 || !this.fresh([tag], since)) return;
    const key = `${kind}\u0000${tag}`;
    // Added to the rows held (another request's maybe) unless they were dropped, else kept anew.
    const held = readers.get(key);
    const into = held && this.fresh([tag], held.seq) ? held : { rows: new Map(), tag, seq: since };
    for (const id of ids) into.rows.set(id, rows.get(id) ?? null);
    // Set again, as a new holder (lru-cache sizes only a value it has not seen), so the
    // size bound counts the added rows; the TTL still runs from the first.
    readers.set(key, { ...into });
  }

  /** Drops every payload read from any of `tags`, here and (through listeners) elsewhere. */
  invalidate(...tags: string[]): void {
    if (tags.length === 0) return;
    this.applyRemote(tags);
    for (const listener of this.listeners) listener(tags);
  }

  /** An invalidation that another instance announced: applied here only. */
  applyRemote(tags: readonly string[]): void {
    this.seq += 1;
    const at = this.now();
    for (const tag of tags) {
      this.invalidated.delete(tag);
      this.invalidated.set(tag, { seq: this.seq, at });
    }
    this.forgetOldInvalidations(at);
  }

  /** Called with the tags of each local invalidation (to tell other instances). */
  onInvalidate(listener: (tags: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.seq += 1;
    this.stored?.clear();
    this.readers?.clear();
    this.pending.clear();
    this.invalidated.clear();
  }

  /** Neither a tag nor everything (ALL_TAG) was invalidated after `seq`. */
  private fresh(tags: readonly string[], seq: number): boolean {
    if (seq < this.forgottenSeq) return false;
    const all = this.invalidated.get(ALL_TAG);
    if (all && all.seq > seq) return false;
    for (const tag of tags) {
      const last = this.invalidated.get(tag);
      if (last && last.seq > seq) return false;
    }
    return true;
  }

  /**
   * Invalidations older than the TTL can only concern payloads that expiry
   * drops anyway, or computations still running since before them, which
   * `forgottenSeq` turns away: so the map stays as small as the TTL's writes.
   */
  private forgetOldInvalidations(now: number): void {
    const horizon = now - this.options.ttlMs;
    for (const [tag, last] of this.invalidated) {
      if (last.at >= horizon) break;
      this.invalidated.delete(tag);
      this.forgottenSeq = Math.max(this.forgottenSeq, last.seq);
    }
  }
}
