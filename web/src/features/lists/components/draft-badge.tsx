import styles from './draft-badge.module.css';

/** Marks a list only its owner can see: it is not published yet. */
export function DraftBadge() {
  return <span className={styles.badge}>Draft</span>;
}
