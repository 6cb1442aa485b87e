import { formatRating } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { ReleaseCard } from '../../releases';
import styles from './entry-card.module.css';

/**
 * A release from someone's music: the usual release card with that person's
 * rating on the cover. The badge follows the card in reading order.
 */
export function EntryCard({ entry, ownerName }: { entry: Entry; ownerName: string }) {
  return (
    <div className={styles.card}>
      <ReleaseCard release={entry.release} />
      {entry.rating && (
        <p className={styles.rating}>
          <span className="visually-hidden">{ownerName}&apos;s rating: </span>
          {formatRating(entry.rating.rating)}
        </p>
      )}
    </div>
  );
}
