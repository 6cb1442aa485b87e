import { RELEASES_PAGE_SIZE, ReleaseListKind } from '@earmark/common';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * The ranked head of a list: the first ids in list order, the sort keys of
 * each (for the cursor of a page that ends there) and the list's full length.
 */
export interface RankedIds {
  ids: string[];
  keys: (string | null)[][];
  total: number;
}

/** How far down a list the cache reaches: twenty pages of the default size. */
export const RANKED_DEPTH = 20 * RELEASES_PAGE_SIZE;

export const LIST_CACHE_TTL_MS = 60_000;

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
 * Per-process caches of the expensive parts of the release lists. One lives
 * per app instance, so two apps (or two test databases) never share rows.
 * The page itself (summaries, artists, the viewer's entries) is always read
 * fresh; only which releases come in which order may be up to a TTL old.
 */
export class ReleaseListCache {
  /** The mean of all ratings, the prior C of the top lists: it moves slowly. */
  readonly mean: TtlCache<number>;
  /** Keyed by kind, filters and the day or year the kind depends on. */
  readonly ranked: TtlCache<RankedIds>;

  /** How many ids of each ranking are kept (RANKED_DEPTH unless told). */
  readonly depth: number;

  constructor(options: { ttlMs?: number; now?: () => number; depth?: number } = {}) {
    this.depth = options.depth ?? RANKED_DEPTH;
    const ttlMs = options.ttlMs ?? LIST_CACHE_TTL_MS;
    this.mean = new TtlCache({ ttlMs, maxEntries: 1, now: options.now });
    // At most about 200 × 960 ids (some 10 MB) for the filtered variants.
    this.ranked = new TtlCache({ ttlMs, maxEntries: 200, now: options.now });
  }

  clear(): void {
    this.mean.clear();
    this.ranked.clear();
  }
}

/** Whether the page at `offset` lies inside the cached head (or the head is the whole list). */
export function coversPage(
  ranked: Pick<RankedIds, 'ids' | 'total'>,
  offset: number,
  pageSize: number,
): boolean {
  return offset + pageSize <= ranked.ids.length || ranked.ids.length >= ranked.total;
}
