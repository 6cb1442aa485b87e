import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { relativeTime, SortBy } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ChevronRightIcon } from '../../../components/icons';
import { markdownExcerpt } from '../../../components/markdown';
import { ArtistLinks, CoverImage } from '../../releases';
import { entriesPageQueryOptions } from '../api';
import { displayName, NO_REVIEWS_TEXT, reviewTitle } from '../format';
import { RatingBadge } from './rating-badge';
import styles from './new-reviews-section.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

export const NEW_REVIEWS_COUNT = 6;
const EXCERPT_LENGTH = 220;

/**
 * The latest reviews as short plain-text excerpts (the home page shows no
 * markdown, so the parser stays out of its bundle), linking to /reviews/new.
 */
export function NewReviewsSection({ title = 'New reviews' }: { title?: string }) {
  const headingId = useId();
  const query = useQuery(
    entriesPageQueryOptions({
      sortBy: SortBy.ReviewDate,
      withReview: true,
      pageSize: NEW_REVIEWS_COUNT,
    }),
  );
  const to = paths.reviewList.href('new');
  const entries = (query.data?.entries ?? []).filter((entry) => entry.review !== null);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <Link to={to} className={styles.headingLink}>
            {title}
            <ChevronRightIcon size={20} />
          </Link>
        </h2>
        {query.isSuccess && query.data.totalItems > entries.length && (
          <Link to={to} className={styles.more}>
            See all
          </Link>
        )}
      </div>
      {query.isPending && (
        <div className={styles.skeleton} aria-busy="true" aria-label="Loading reviews" />
      )}
      {query.isError && (
        <div className={styles.message} role="alert">
          <span>These reviews could not be loaded.</span>
          <Button size="small" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess &&
        (entries.length > 0 ? (
          <ul className={styles.grid} aria-label={title}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.item}>
                <ReviewExcerpt entry={entry} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.message}>{NO_REVIEWS_TEXT}</p>
        ))}
    </section>
  );
}

function ReviewExcerpt({ entry }: { entry: Entry }) {
  const { review, release, user } = entry;
  if (!review) return null;
  const releaseHref = paths.release.href(release.id);

  return (
    <article className={styles.card} aria-label={reviewTitle(entry)}>
      <div className={styles.release}>
        <Link to={releaseHref} className={styles.cover} tabIndex={-1} aria-hidden="true">
          <CoverImage
            cover={release.cover}
            explicitCoverArt={release.explicitCoverArt}
            alt=""
            sizes="56px"
          />
        </Link>
        <div className={styles.releaseText}>
          <Link to={releaseHref} className={styles.title}>
            {release.title}
          </Link>
          <ArtistLinks artists={release.artists} className={styles.artists} />
        </div>
        {entry.rating && <RatingBadge rating={entry.rating.rating} className={styles.rating} />}
      </div>
      <Link to={paths.review.href(entry.id)} className={styles.excerpt}>
        {markdownExcerpt(review.body, EXCERPT_LENGTH)}
      </Link>
      <div className={styles.byline}>
        <Link to={paths.user.href(user.username)} className={styles.author}>
          <Avatar user={user} size={20} />
          <span>{displayName(user)}</span>
        </Link>
        <SupporterBadge user={user} />
        <time dateTime={review.createdAt} className={styles.date}>
          {relativeTime(review.createdAt)}
        </time>
      </div>
    </article>
  );
}
