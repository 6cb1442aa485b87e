import { Outlet, useParams } from 'react-router';
import { CommentTargetKind, formatRating, releaseTypeLabels } from '@earmark/common';
import type { Release } from '@earmark/common';
import { EditHistoryMenu } from '../../../components/edit-history-menu';
import { LoadFailure } from '../../../components/load-failure';
import { MergedRedirect } from '../../../components/merged-redirect';
import { paths } from '../../../lib/paths';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { TabLinks } from '../../../components/tabs';
import { EntryPanel, TrackVoteButtons, useReleaseTrackVoting } from '../../entries';
import { GenreVoting } from '../../genres';
import { CommentsSection } from '../../comments';
import { ReportButton } from '../../reports';
import { releaseQueryOptions, useRelease } from '../api';
import { ReleaseHeader } from '../components/release-header';
import { TrackComments } from '../components/track-comments';
import { TrackList } from '../components/track-list';
import { formatReleaseDate, joinNames, ratingsCountText } from '../format';
import styles from './release-page.module.css';

/** 'In Rainbows, an LP by Radiohead released 10 Oct 2007. Rated 8.9 from 120 ratings.' */
export function releaseDescription(release: Release): string {
  const type = releaseTypeLabels[release.type];
  const article = /^[AEFHILMNORSX]/.test(type) ? 'an' : 'a';
  const artists = joinNames(release.artists.map((artist) => artist.name));
  const date = formatReleaseDate(release.date, release.datePrecision);
  let text = `${release.title}, ${article} ${type}${artists ? ` by ${artists}` : ''}`;
  if (date) text += `, released ${date}`;
  text += '.';
  if (release.stats.ratingsAvg !== null && release.stats.ratingsCount > 0) {
    text += ` Rated ${formatRating(release.stats.ratingsAvg)} from ${ratingsCountText(release.stats.ratingsCount)}.`;
  }
  return `${text} Tracks, reviews and lists on Earmark.`;
}

/** /release/{id}: the release, its track list, and tabs for its reviews, lists and ratings. */
export default function ReleasePage() {
  const { id = '' } = useParams();
  const query = useRelease(id);
  const voting = useReleaseTrackVoting({ id, date: query.data?.date ?? null });

  if (query.isPending) return <PageSpinner label="Loading release" />;
  if (query.isError) {
    return <LoadFailure what="release" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const release = query.data;
  if (release.id !== id) {
    return <MergedRedirect from={paths.release.href(id)} to={paths.release.href(release.id)} />;
  }
  const artists = joinNames(release.artists.map((artist) => artist.name));
  // A cover with content warnings is not put into link previews.
  const image =
    release.cover && release.explicitCoverArt.length === 0 ? release.cover.og : undefined;
  const tabs = [
    { to: paths.release.href(release.id), label: 'Reviews', end: true },
    { to: paths.releaseLists.href(release.id), label: 'Lists' },
    { to: paths.releaseRatings.href(release.id), label: 'Ratings' },
  ];

  return (
    <PageFrame
      title={artists ? `${release.title} by ${artists}` : release.title}
      description={releaseDescription(release)}
      image={image}
    >
      <ReleaseHeader
        release={release}
        entry={<EntryPanel release={release} />}
        genreVoting={
          <GenreVoting
            releaseId={release.id}
            releaseQueryKey={releaseQueryOptions(release.id).queryKey}
          />
        }
        actions={
          <>
            <ReportButton type="release" id={release.id} what="release" />
            <EditHistoryMenu
              name={release.title}
              editHref={paths.editRelease.href(release.id)}
              historyHref={paths.entityHistory.href('release', release.id)}
            />
          </>
        }
      />
      <div className={styles.body}>
        <aside className={styles.tracks}>
          <TrackList
            tracks={release.tracks}
            trackActions={
              voting ? (track) => <TrackVoteButtons track={track} voting={voting} /> : undefined
            }
            trackDetails={(track) => <TrackComments track={track} />}
          />
        </aside>
        <div className={styles.main}>
          <TabLinks items={tabs} label="About this release" />
          <div className={styles.tabContent}>
            <Outlet context={release} />
          </div>
          <CommentsSection entityType={CommentTargetKind.RELEASE} entityId={release.id} />
        </div>
      </div>
    </PageFrame>
  );
}
