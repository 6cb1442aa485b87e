import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Entry } from '@earmark/common';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { WarningIcon } from '../../../components/icons';
import { PageSpinner, Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { entriesInfiniteQueryOptions } from '../api';
import type { EntriesFilter } from '../api';
import { useInfiniteScroll } from './use-infinite-scroll';
import styles from './entry-feed.module.css';

export interface EntryFeedProps {
  filter: EntriesFilter;
  renderEntry: (entry: Entry) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** What shows when the list is empty. */
  empty: ReactNode;
  /** 'list': one card per row; 'grid': compact cells side by side. */
  layout?: 'list' | 'grid';
  /** Leaves entries out (e.g. ones without the thing the list is about). */
  include?: (entry: Entry) => boolean;
}

/**
 * A list of entries that loads its next page when its end scrolls into view
 * (a 'Show more' button does the same for keyboards and for a failed page).
 */
export function EntryFeed({
  filter,
  renderEntry,
  label,
  empty,
  layout = 'list',
  include,
}: EntryFeedProps) {
  const query = useInfiniteQuery(entriesInfiniteQueryOptions(filter));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const entries = (query.data?.pages ?? [])
    .flatMap((page) => page.entries)
    .filter((entry) => !include || include(entry));

  const loadMore = useCallback(() => {
    // After a failed page only the button retries; scrolling does not hammer the server.
    if (!isFetchNextPageError) void fetchNextPage();
  }, [fetchNextPage, isFetchNextPageError]);
  const sentinelRef = useInfiniteScroll({
    hasMore: hasNextPage,
    loading: isFetchingNextPage,
    onLoadMore: loadMore,
    itemCount: entries.length,
  });

  if (query.isPending) return <PageSpinner label="Loading" />;
  if (!query.data) {
    return (
      <EmptyState
        icon={<WarningIcon size={28} />}
        title="This list could not be loaded."
        message={errorMessage(query.error)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (entries.length === 0 && !hasNextPage) return <>{empty}</>;

  return (
    <div>
      <ul className={layout === 'grid' ? styles.grid : styles.list} aria-label={label}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.item}>
            {renderEntry(entry)}
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      {isFetchingNextPage && (
        <div className={styles.more}>
          <Spinner label="Loading more" />
        </div>
      )}
      {hasNextPage && !isFetchingNextPage && (
        <div className={styles.more}>
          {isFetchNextPageError && <p role="alert">{errorMessage(query.error)}</p>}
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            {isFetchNextPageError ? 'Try again' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
