import { Link } from 'react-router';
import { fullDate, relativeTime } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Markdown } from '../../../components/markdown';
import { ArtistLinks, CoverImage } from '../../releases';
import { displayName, isLongReview, reviewTitle } from '../format';
import { RatingBadge } from './rating-badge';
import { ReviewVotes } from './review-votes';
import styles from './review-card.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

export interface ReviewCardProps {
  /** An entry with a review (entries without one render nothing). */
  entry: Entry;
  /** Show the release (cover, title, artists); off on the release's own page. */
  showRelease?: boolean;
  /** Show who wrote it; off on the author's profile. */
  showUser?: boolean;
}

/**
 * A review in a list: who wrote it, about what, their rating, when, the text
 * (long ones cut short with a link to the review page) and its votes.
 */
export function ReviewCard({ entry, showRelease = true, showUser = true }: ReviewCardProps) {
  const { review, release, user } = entry;
  if (!review) return null;
  const reviewHref = paths.review.href(entry.id);
  const releaseHref = paths.release.href(release.id);
  const long = isLongReview(review.body);

  return (
    <article
      className={`${styles.card} ${showRelease ? styles.withCover : ''}`}
      aria-label={reviewTitle(entry)}
    >
      {showRelease && (
        // The title link below names the release; the cover repeats it for the pointer only.
        <Link to={releaseHref} className={styles.cover} tabIndex={-1} aria-hidden="true">
          <CoverImage
            cover={release.cover}
            explicitCoverArt={release.explicitCoverArt}
            alt=""
            sizes="80px"
          />
        </Link>
      )}
      <div className={styles.head}>
        {showRelease && (
          <p className={styles.release}>
            <Link to={releaseHref} className={styles.releaseTitle}>
              {release.title}
            </Link>
            <ArtistLinks artists={release.artists} className={styles.artists} />
          </p>
        )}
        <div className={styles.byline}>
          {showUser && (
            <Link to={paths.user.href(user.username)} className={styles.author}>
              <Avatar user={user} size={24} />
              <span>{displayName(user)}</span>
            </Link>
          )}
          {showUser && <SupporterBadge user={user} />}
          {entry.rating && <RatingBadge rating={entry.rating.rating} />}
          <Link to={reviewHref} className={styles.date}>
            <time dateTime={review.createdAt} title={fullDate(review.createdAt)}>
              {relativeTime(review.createdAt)}
            </time>
          </Link>
        </div>
      </div>
      <div className={styles.body}>
        <div className={long ? styles.clamped : undefined}>
          <Markdown>{review.body}</Markdown>
        </div>
        <div className={styles.footer}>
          <ReviewVotes entryId={entry.id} authorId={user.id} review={review} />
          {long && (
            <Link to={reviewHref} className={styles.more}>
              Read more<span className="visually-hidden"> of {reviewTitle(entry)}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
