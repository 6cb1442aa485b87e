import { useId } from 'react';
import { Link } from 'react-router';
import { CARD_PADDING_PX, releaseTypeLabels } from '@earmark/common';
import type { ReleaseSummary } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { EntrySummary } from '../../entries';
import { formatReleaseDate } from '../format';
import { ArtistLinks } from './artist-links';
import { CoverImage } from './cover-image';
import { RatingSummary } from './rating-summary';
import { ReleaseEntryPopover } from './release-entry-popover';
import styles from './release-card.module.css';

/**
 * A release in a grid: cover, title, Latin title, artists, date, type and
 * either the viewer's own entry summary or the average rating. Signed-in
 * viewers also get a button opening their quick entry (rating, track votes).
 * The cover repeats the title link, so it is skipped by keyboard and screen
 * readers.
 */
export function ReleaseCard({ release }: { release: ReleaseSummary }) {
  const titleId = useId();
  const { user } = useCurrentUser();
  const href = paths.release.href(release.id);
  const date = formatReleaseDate(release.date, release.datePrecision);

  return (
    <article className={styles.card} style={{ padding: CARD_PADDING_PX }} aria-labelledby={titleId}>
      <Link to={href} className={styles.coverLink} tabIndex={-1} aria-hidden="true">
        <CoverImage cover={release.cover} explicitCoverArt={release.explicitCoverArt} alt="" />
      </Link>
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          <Link to={href} className={styles.titleLink}>
            {release.title}
          </Link>
        </h3>
        {release.titleLatin && <p className={styles.latin}>{release.titleLatin}</p>}
        <ArtistLinks
          artists={release.artists}
          className={styles.artists}
          linkClassName={styles.artistLink}
        />
        <p className={styles.meta}>
          {date && <time dateTime={release.date ?? undefined}>{date}</time>}
          {date && <span aria-hidden="true"> · </span>}
          <span>{releaseTypeLabels[release.type]}</span>
        </p>
        <div className={styles.footer}>
          {release.viewerEntry ? (
            <EntrySummary entry={release.viewerEntry} ratingShownBeside={!!user} />
          ) : (
            <RatingSummary stats={release.stats} />
          )}
          {user && <ReleaseEntryPopover release={release} />}
        </div>
      </div>
    </article>
  );
}
