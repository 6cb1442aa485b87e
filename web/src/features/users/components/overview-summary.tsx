import { Link } from 'react-router';
import styles from './overview-summary.module.css';

export interface SummaryItem {
  key: string;
  label: string;
  value: string;
  /** Where the value leads (the music tab, filtered to it). */
  to?: string;
}

/** A row of headline figures above the charts. */
export function OverviewSummary({ items }: { items: readonly SummaryItem[] }) {
  if (items.length === 0) return null;
  return (
    <dl className={styles.summary}>
      {items.map((item) => (
        <div key={item.key} className={styles.item}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>
            {item.to ? (
              <Link to={item.to} className={styles.link}>
                {item.value}
              </Link>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
