export interface TtlCacheOptions {
  /** How long a computed value is served; 0 or less turns the cache off. */
  ttlMs: number;
  /** At most this many keys are kept; the least recently used goes first. */
  maxEntries: number;
  /** Milliseconds on some monotonic-enough clock; tests pass a fake one. */
  now?: () => number;
}

interface Stored<V> {
  value: V;
  expiresAt: number;
}

/**
 * A small in-process get-or-compute cache for values that may be a little
 * stale. Concurrent misses on one key share one computation, so a burst of
 * requests after an expiry costs one query, not one per request. A failed
 * computation is not cached.
 */
export class TtlCache<V> {
  private readonly stored = new Map<string, Stored<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  private readonly now: () => number;
  /** Bumped by clear(), so a computation started before it is not stored after it. */
  private generation = 0;

  constructor(private readonly options: TtlCacheOptions) {
    // Looked up at each call, so a clock faked after construction is seen.
    this.now = options.now ?? (() => Date.now());
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** How many values are stored (expired ones included until they are looked up). */
  get size(): number {
    return this.stored.size;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.enabled) return compute();
    const hit = this.stored.get(key);
    if (hit) {
      this.stored.delete(key);
      if (hit.expiresAt > this.now()) {
        // Re-inserting moves the key to the end: Map order is the recency order.
        this.stored.set(key, hit);
        return Promise.resolve(hit.value);
      }
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const promise = compute()
      .then((value) => {
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation += 1;
    this.stored.clear();
    this.pending.clear();
  }

  private store(key: string, value: V): void {
    this.stored.delete(key);
    this.stored.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.stored.size > this.options.maxEntries) {
      const oldest = this.stored.keys().next();
      if (oldest.done) break;
      this.stored.delete(oldest.value);
    }
  }
}
