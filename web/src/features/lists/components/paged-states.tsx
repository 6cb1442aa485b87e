import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { WarningIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api';
import styles from './paged-states.module.css';

/** What a paged part of a lists page shows when its first page failed. */
export function PagedLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<WarningIcon size={28} />}
      title={title}
      message={errorMessage(error)}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** The slice of an infinite query the footer needs. */
export interface NextPageState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a paged list: the next page loads as the reader nears it, or on
 * 'Show more' (keyboard users and browsers without IntersectionObserver);
 * a failed page says so.
 */
export function NextPageFooter({ query, what }: { query: NextPageState; what: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <>
      {isFetchNextPageError && (
        <p role="alert" className={styles.error}>
          More {what} could not be loaded. {errorMessage(query.error)}
        </p>
      )}
      {hasNextPage && (
        <div ref={sentinel} className={styles.more}>
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      )}
    </>
  );
}
