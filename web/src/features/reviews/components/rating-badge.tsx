import { formatRating } from '@earmark/common';
import styles from './rating-badge.module.css';

/** One person's rating (stored 0-100) on the 0-10 scale, as a compact badge. */
export function RatingBadge({
  rating,
  size = 'small',
  className,
}: {
  rating: number;
  size?: 'small' | 'large';
  className?: string;
}) {
  return (
    <span className={`${styles.badge} ${styles[size]} ${className ?? ''}`}>
      <span className="visually-hidden">Rated </span>
      {formatRating(rating)}
    </span>
  );
}
