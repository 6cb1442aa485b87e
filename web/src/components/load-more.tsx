import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_MARGIN_PX } from '@earmark/common';
import { errorMessage } from '../lib/api';
import { Button } from './button';
import styles from './load-more.module.css';

/** What the footer reads of an infinite query. */
export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of an infinitely scrolling list inside any scroll container (a
 * page or a drawer): the next page loads when the foot comes into view, or
 * on 'Show more' for keyboard users; a page that failed says so.
 */
export function LoadMore({ query, what }: { query: LoadMoreQuery; what: string }) {
  const foot = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const idle = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = foot.current;
    if (!node || !idle || typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver(
      (seen) => seen.some((entry) => entry.isIntersecting) && void fetchNextPage(),
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px` },
    );
    watcher.observe(node);
    return () => watcher.disconnect();
  }, [idle, fetchNextPage]);

  if (!hasNextPage && !isFetchNextPageError) return null;
  return (
    <div ref={foot} className={styles.foot}>
      {isFetchNextPageError && (
        <p role="alert" className={styles.error}>
          More {what} could not be loaded. {errorMessage(query.error)}
        </p>
      )}
      {hasNextPage && (
        <Button
          variant="secondary"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
