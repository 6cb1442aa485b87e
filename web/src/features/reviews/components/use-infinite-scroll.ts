import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_MARGIN_PX } from '@earmark/common';

/**
 * Calls `onLoadMore` when the returned sentinel element comes within the
 * infinite-scroll margin of the viewport. Observing starts afresh whenever
 * loading finishes or the list grows, so a sentinel still in view after a
 * short page asks again.
 */
export function useInfiniteScroll({
  hasMore,
  loading,
  onLoadMore,
  itemCount,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  itemCount: number;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore, itemCount]);
  return sentinelRef;
}
