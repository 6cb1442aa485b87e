import { LRUCache } from 'lru-cache';
import { RELEASES_PAGE_SIZE, ReleaseListKind } from '@earmark/common';

/**
 * A stretch of a ranked list: its ids in list order, the sort keys of each
 * (for the cursor of a page that ends there) and the list's full length.
 */
export interface RankedIds {
  ids: string[];
  keys: (string | null)[][];
  total: number;
}

/** How many positions of a ranking are read and kept at once: twenty pages of the default size. */
export const RANKED_DEPTH = 20 * RELEASES_PAGE_SIZE;

export const LIST_CACHE_TTL_MS = 60_000;

/** From how many releases a list's total is kept rather than counted on every page. */
export const LARGE_TOTAL = 10_000;

/**
 * The kinds whose ranking reads far more rows than a page: popular counts a
 * month of entries and the top lists weigh every rated release. new, upcoming
 * and recently-added are index walks and must show an addition at once.
 */
const CACHED_KINDS: ReadonlySet<ReleaseListKind> = new Set([
  ReleaseListKind.Popular,
  ReleaseListKind.NewPopular,
  ReleaseListKind.Top,
  ReleaseListKind.TopOfTheYear,
]);

export const isCachedKind = (kind: ReleaseListKind): boolean => CACHED_KINDS.has(kind);

/**
 * Get-or-compute over `lru-cache` for values that may be a TTL old:
 * concurrent misses on one key share one computation, so a burst of requests
 * after an expiry costs one query; a failed computation is not kept.
 */
export class ComputedCache<V> {
  private readonly stored: LRUCache<string, { value: V }> | null;
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by clear(), so a computation started before it is not stored after it. */
  private generation = 0;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.stored =
      options.ttlMs > 0
        ? new LRUCache({
            max: options.maxEntries,
            ttl: options.ttlMs,
            // Date's clock (which tests move), read at each call.
            perf: { now: options.now ?? (() => Date.now()) },
            ttlResolution: 0,
          })
        : null;
  }

  get enabled(): boolean {
    return this.stored !== null;
  }

  get size(): number {
    return this.stored?.size ?? 0;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const stored = this.stored;
    if (!stored) return compute();
    const hit = stored.get(key);
    if (hit) return Promise.resolve(hit.value);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = compute()
      .then((value) => {
        if (generation === this.generation) stored.set(key, { value });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** The stored value of a key, without computing it. */
  peek(key: string): V | undefined {
    return this.stored?.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.stored?.set(key, { value });
  }

  clear(): void {
    this.generation += 1;
    this.stored?.clear();
    this.pending.clear();
  }
}

/**
 * Per-process caches of the expensive parts of the release lists. One lives
 * per app instance, so two apps (or two test databases) never share rows.
 * The page itself (summaries, artists, the viewer's entries) is always read
 * fresh; only which releases come in which order may be up to a TTL old.
 */
export class ReleaseListCache {
  /** The mean of all ratings, the prior C of the top lists: it moves slowly. */
  readonly mean: ComputedCache<number>;
  /** Keyed by kind, filters and the day or year the kind depends on. */
  readonly ranked: ComputedCache<RankedIds>;

  /** How many ids a stretch of a ranking holds (RANKED_DEPTH unless told). */
  readonly depth: number;

  /** Totals of at least `largeTotal` releases, kept as rankings are. */
  private readonly largeTotals: ComputedCache<number>;
  private readonly largeTotal: number;

  constructor(
    options: { ttlMs?: number; now?: () => number; depth?: number; largeTotal?: number } = {},
  ) {
    this.depth = options.depth ?? RANKED_DEPTH;
    this.largeTotal = options.largeTotal ?? LARGE_TOTAL;
    const ttlMs = options.ttlMs ?? LIST_CACHE_TTL_MS;
    this.mean = new ComputedCache({ ttlMs, maxEntries: 1, now: options.now });
    // At most about 200 × 960 ids (some 10 MB) for the filtered variants.
    this.ranked = new ComputedCache({ ttlMs, maxEntries: 200, now: options.now });
    this.largeTotals = new ComputedCache({ ttlMs, maxEntries: 200, now: options.now });
  }

  /**
   * The total of a list: counted, and when it is large, kept for the TTL.
   * Counting the new or recently added releases reads most of an index of
   * every visible release (11 ms on 100k releases, index-only; 40 to 110
   * ms when it read the table) on every numbered page; a total a minute
   * old is as good there. Short lists (a label's releases, say) are
   * counted every time, so they stay exact.
   */
  async total(key: string, count: () => Promise<number>): Promise<number> {
    const kept = this.keptTotal(key);
    if (kept !== undefined) return kept;
    const n = await count();
    this.noteTotal(key, n);
    return n;
  }

  /** The total of a list kept by total() or noteTotal(), if any. */
  keptTotal(key: string): number | undefined {
    return this.largeTotals.peek(key);
  }

  /** A list's total counted elsewhere (with its first page, say): kept if large, as total() keeps it. */
  noteTotal(key: string, n: number): void {
    if (n >= this.largeTotal) this.largeTotals.set(key, n);
  }

  clear(): void {
    this.mean.clear();
    this.ranked.clear();
    this.largeTotals.clear();
  }
}

/**
 * The stretches of a ranking a page from `offset` of `size` releases lies in:
 * stretch k holds positions k × depth to (k + 1) × depth - 1.
 */
export function stretchesOf(offset: number, size: number, depth: number): number[] {
  const first = Math.floor(offset / depth);
  const last = Math.floor((offset + Math.max(size, 1) - 1) / depth);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
