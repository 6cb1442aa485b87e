import { useCallback } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RELEASE_GRID_COLUMNS } from '@earmark/common';
import type { ReleaseSummary } from '@earmark/common';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { DiscIcon, WarningIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/spinner';
import { VirtualGrid } from '../../../components/virtual-grid';
import { errorMessage } from '../../../lib/api';
import { releasesInfiniteQueryOptions } from '../api';
import type { ReleaseListFilter } from '../api';
import { NO_RELEASES_TEXT } from '../texts';
import { ReleaseCard } from './release-card';

const releaseKey = (release: ReleaseSummary) => release.id;
const renderRelease = (release: ReleaseSummary) => <ReleaseCard release={release} />;

/** A whole release list: virtualised, loading the next page as its end scrolls into view. */
export function ReleaseGrid({
  filter,
  label,
  emptyReason,
}: {
  filter: ReleaseListFilter;
  label: string;
  /** Shown under "There are no releases" when the list is empty. */
  emptyReason?: string | undefined;
}) {
  const query = useInfiniteQuery(releasesInfiniteQueryOptions(filter));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  const loadMore = useCallback(() => {
    // After a failed page the button below retries; scrolling alone does not.
    if (!isFetchNextPageError) void fetchNextPage();
  }, [fetchNextPage, isFetchNextPageError]);

  if (query.isPending) return <PageSpinner label="Loading releases" />;
  // A failed later page keeps the loaded ones on screen (see below).
  if (!query.data) {
    return (
      <EmptyState
        icon={<WarningIcon size={28} />}
        title="The releases could not be loaded."
        message={errorMessage(query.error)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const pages = query.data.pages;
  const releases = pages.flatMap((page) => page.releases);
  if (releases.length === 0) {
    return (
      <EmptyState icon={<DiscIcon size={28} />} title={NO_RELEASES_TEXT} message={emptyReason} />
    );
  }

  return (
    <>
      <VirtualGrid
        items={releases}
        getKey={releaseKey}
        renderItem={renderRelease}
        columns={RELEASE_GRID_COLUMNS}
        label={label}
        totalItems={pages[0]?.totalItems}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
      />
      {isFetchNextPageError && (
        <EmptyState
          title="More releases could not be loaded."
          message={errorMessage(query.error)}
          action={
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          }
        />
      )}
    </>
  );
}
