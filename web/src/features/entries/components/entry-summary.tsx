import { formatRating } from '@earmark/common';
import type { ViewerEntry } from '@earmark/common';
import { ReviewIcon } from '../../../components/icons';
import styles from './entry-summary.module.css';

/** What a card says about the viewer's own entry: 'Your rating 8.5', else 'Reviewed' or 'Logged'. */
export function entrySummaryText(entry: ViewerEntry): string {
  if (entry.rating !== null) return `Your rating ${formatRating(entry.rating)}`;
  return entry.hasReview ? 'Reviewed' : 'Logged';
}

/**
 * The viewer's entry on a release card, in place of the average rating.
 * With `ratingShownBeside`, the rating is only read out, not shown, because
 * the card's entry button next to it shows it ('Your rating [8.5 ▾]').
 */
export function EntrySummary({
  entry,
  ratingShownBeside = false,
}: {
  entry: ViewerEntry;
  ratingShownBeside?: boolean;
}) {
  if (entry.rating === null) {
    return <p className={`${styles.summary} ${styles.plain}`}>{entrySummaryText(entry)}</p>;
  }
  return (
    <p className={styles.summary}>
      <span className={styles.label}>Your rating</span>
      {/* Beside the button it is still read out here, as the button is named for the release. */}
      <span className={ratingShownBeside ? 'visually-hidden' : styles.rating}>
        {ratingShownBeside && ' '}
        {formatRating(entry.rating)}
      </span>
      {entry.hasReview && (
        <span className={styles.reviewed} title="Reviewed">
          <ReviewIcon size={14} />
          <span className="visually-hidden">, reviewed</span>
        </span>
      )}
    </p>
  );
}
