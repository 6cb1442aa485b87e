import type { UserCounts } from '@earmark/common';
import styles from './profile-stats.module.css';

const ITEMS: { key: keyof UserCounts; label: string }[] = [
  { key: 'entries', label: 'Entries' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'lists', label: 'Lists' },
  { key: 'followers', label: 'Followers' },
  { key: 'following', label: 'Following' },
];

const numberFormat = new Intl.NumberFormat('en-US');

/** The profile's counters in one row; the label follows the number as people read it. */
export function ProfileStats({ counts }: { counts: UserCounts }) {
  return (
    <dl className={styles.stats}>
      {ITEMS.map(({ key, label }) => (
        <div key={key} className={styles.stat}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{numberFormat.format(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
