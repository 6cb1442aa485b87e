import { lazy, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { CommentTargetKind } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { DiscIcon } from '../../../components/icons';
import { CommentsSection } from '../../comments';
import { ChartSection } from '../components/charts/chart-section';
import type { ChartRow } from '../components/charts/chart-section';
import { OverviewSummary } from '../components/overview-summary';
import type { SummaryItem } from '../components/overview-summary';
import { bucketLabel, musicHref } from '../music-filters';
import { useProfileContext } from '../profile-context';
import { userStatsQueryOptions } from '../stats-api';
import { artistRows, decadeRows, genreRows, ratingRows, topRow } from '../stats-rows';
import styles from './profile-overview-page.module.css';

// The charting library loads only here, and only once there is something to draw.
const ColumnChart = lazy(() => import('../components/charts/column-chart'));
const BarListChart = lazy(() => import('../components/charts/bar-list-chart'));

const COLUMN_HEIGHT = 240;
const barListHeight = (rows: readonly ChartRow[] | undefined) =>
  Math.max(4, rows?.length ?? 0) * 30 + 28;

/** /{username}: headline figures and charts of what the member has logged. */
export default function ProfileOverviewPage() {
  const { profile } = useProfileContext();
  return (
    <>
      <OverviewOrEmpty />
      <CommentsSection
        entityType={CommentTargetKind.SHOUTBOX}
        entityId={profile.id}
        ownerId={profile.id}
        title="Shoutbox"
      />
    </>
  );
}

function OverviewOrEmpty() {
  const { profile, isOwnProfile, displayName } = useProfileContext();
  if (profile.counts.entries === 0) {
    return (
      <EmptyState
        icon={<DiscIcon size={28} />}
        title={
          isOwnProfile
            ? "You haven't logged any releases yet."
            : `${displayName} hasn't logged any releases yet.`
        }
        message={
          isOwnProfile ? 'Rate, review or tag a release and it will show up here.' : undefined
        }
      />
    );
  }
  return <Overview userId={profile.id} username={profile.username} />;
}

/** The props a chart section takes from its query. */
function queryState(query: UseQueryResult<unknown>) {
  return {
    isPending: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

function Overview({ userId, username }: { userId: string; username: string }) {
  const ratings = useQuery(userStatsQueryOptions(userId, 'ratings'));
  const artists = useQuery(userStatsQueryOptions(userId, 'artists'));
  const dates = useQuery(userStatsQueryOptions(userId, 'release-date'));
  const genres = useQuery(userStatsQueryOptions(userId, 'genres'));

  const ratingData = useMemo(() => ratings.data && ratingRows(ratings.data), [ratings.data]);
  const artistData = useMemo(() => artists.data && artistRows(artists.data), [artists.data]);
  const decadeData = useMemo(() => dates.data && decadeRows(dates.data), [dates.data]);
  const genreData = useMemo(() => genres.data && genreRows(genres.data), [genres.data]);

  const summary: SummaryItem[] = [];
  if (ratingData) {
    const total = ratingData.reduce((sum, row) => sum + row.value, 0);
    summary.push({ key: 'ratings', label: 'Ratings', value: total.toLocaleString('en-US') });
    const common = topRow(ratingData);
    if (common) {
      const bucket = Number(common.key);
      summary.push({
        key: 'common',
        label: 'Most given rating',
        value: bucketLabel(bucket),
        to: musicHref(username, { bucket }),
      });
    }
  }
  const topArtist = artistData && topRow(artistData);
  if (topArtist) {
    summary.push({
      key: 'artist',
      label: 'Top artist',
      value: topArtist.label,
      to: musicHref(username, { artist: topArtist.key }),
    });
  }
  const topGenre = genreData && topRow(genreData);
  if (topGenre) {
    summary.push({
      key: 'genre',
      label: 'Top genre',
      value: topGenre.label,
      to: musicHref(username, { genre: topGenre.key }),
    });
  }
  const topDecade = decadeData && topRow(decadeData);
  if (topDecade) {
    summary.push({
      key: 'decade',
      label: 'Top decade',
      value: topDecade.label,
      to: musicHref(username, { decade: Number(topDecade.key) }),
    });
  }

  return (
    <div className={styles.overview}>
      <OverviewSummary items={summary} />
      <div className={styles.charts}>
        <ChartSection
          title="Rating distribution"
          columns={['Rating', 'Ratings']}
          rows={ratingData}
          {...queryState(ratings)}
          emptyText="No ratings yet."
          height={COLUMN_HEIGHT}
        >
          <ColumnChart
            rows={ratingData ?? []}
            height={COLUMN_HEIGHT}
            unit={['rating', 'ratings']}
          />
        </ChartSection>
        <ChartSection
          title="Decades"
          columns={['Decade', 'Releases']}
          rows={decadeData}
          {...queryState(dates)}
          emptyText="No release dates yet."
          height={COLUMN_HEIGHT}
        >
          <ColumnChart
            rows={decadeData ?? []}
            height={COLUMN_HEIGHT}
            unit={['release', 'releases']}
          />
        </ChartSection>
        <ChartSection
          title="Top artists"
          columns={['Artist', 'Releases']}
          rows={artistData}
          {...queryState(artists)}
          emptyText="No artists yet."
          height={barListHeight(artistData)}
        >
          <BarListChart
            rows={artistData ?? []}
            height={barListHeight(artistData)}
            unit={['release', 'releases']}
          />
        </ChartSection>
        <ChartSection
          title="Top genres"
          columns={['Genre', 'Releases']}
          rows={genreData}
          {...queryState(genres)}
          emptyText="No genres yet."
          height={barListHeight(genreData)}
        >
          <BarListChart
            rows={genreData ?? []}
            height={barListHeight(genreData)}
            unit={['release', 'releases']}
          />
        </ChartSection>
      </div>
    </div>
  );
}
