import { useCallback, useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RATINGS_GRID_COLUMNS } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { DiscIcon, WarningIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/spinner';
import { VirtualGrid } from '../../../components/virtual-grid';
import { errorMessage } from '../../../lib/api';
import { NO_RELEASES_TEXT } from '../../releases';
import { EntryCard } from '../components/entry-card';
import { MusicFilterBar } from '../components/music-filter-bar';
import { userEntriesInfiniteQueryOptions } from '../entries-api';
import {
  activeFilterCount,
  changeMusicParam,
  clearMusicFilters,
  musicQuery,
  readMusicView,
} from '../music-filters';
import type { MusicFilterKey } from '../music-filters';
import { useProfileContext } from '../profile-context';
import styles from './profile-music-page.module.css';

const entryKey = (entry: Entry) => entry.id;
const releasesText = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'release' : 'releases'}`;

/** /{username}/music: everything the member has logged, as a grid, with filters in the address. */
export default function ProfileMusicPage() {
  const { profile, displayName } = useProfileContext();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readMusicView(params), [params]);
  const query = useInfiniteQuery({
    ...userEntriesInfiniteQueryOptions(profile.id, musicQuery(profile.id, view)),
    // The old grid stays (dimmed) while another filter loads, instead of a blank spinner.
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  const loadMore = useCallback(() => {
    if (!isFetchNextPageError) void fetchNextPage();
  }, [fetchNextPage, isFetchNextPageError]);
  const renderEntry = useCallback(
    (entry: Entry) => <EntryCard entry={entry} ownerName={displayName} />,
    [displayName],
  );

  // Each change is a new history entry, so Back steps through the filters.
  const change = (key: MusicFilterKey | 'sortBy', value: string) =>
    setParams(changeMusicParam(params, key, value), { preventScrollReset: true });
  const clear = () => setParams(clearMusicFilters(params), { preventScrollReset: true });

  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = query.data?.pages[0]?.totalItems;

  let content;
  if (query.isPending) content = <PageSpinner label="Loading releases" />;
  else if (!query.data) {
    content = (
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
  } else if (entries.length === 0) {
    content = (
      <EmptyState
        icon={<DiscIcon size={28} />}
        title={NO_RELEASES_TEXT}
        action={
          activeFilterCount(view.filters) > 0 ? (
            <Button variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <div
        className={query.isPlaceholderData ? styles.stale : undefined}
        aria-busy={query.isPlaceholderData || undefined}
      >
        <VirtualGrid
          items={entries}
          getKey={entryKey}
          renderItem={renderEntry}
          columns={RATINGS_GRID_COLUMNS}
          label={`${displayName}'s music`}
          totalItems={total}
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
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h2 className="visually-hidden">Music</h2>
      <MusicFilterBar
        userId={profile.id}
        view={view}
        onChange={change}
        onClear={clear}
        resultText={total === undefined ? undefined : releasesText(total)}
      />
      {content}
    </div>
  );
}
