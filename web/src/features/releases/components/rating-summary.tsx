import { formatRating } from '@earmark/common';
import type { ReleaseStats } from '@earmark/common';
import { ratingsCountText } from '../format';
import styles from './rating-summary.module.css';

export const NO_RATINGS_TEXT = 'No ratings yet';

/** The average rating (0-10) with how many ratings it comes from. */
export function RatingSummary({
  stats,
  size = 'small',
}: {
  stats: ReleaseStats;
  size?: 'small' | 'large';
}) {
  if (stats.ratingsCount === 0 || stats.ratingsAvg === null) {
    return <p className={`${styles.summary} ${styles[size]} ${styles.none}`}>{NO_RATINGS_TEXT}</p>;
  }
  const average = formatRating(stats.ratingsAvg);
  return (
    <p className={`${styles.summary} ${styles[size]}`}>
      <span className={styles.average}>
        <span className="visually-hidden">Average rating </span>
        {average}
      </span>
      <span className={styles.count}>{ratingsCountText(stats.ratingsCount)}</span>
    </p>
  );
}
