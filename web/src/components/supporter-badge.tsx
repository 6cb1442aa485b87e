import { SupporterStatus } from '@earmark/common';
import { HeartIcon } from './icons';
import styles from './supporter-badge.module.css';

/**
 * The 'Supporter' badge beside a supporter's name, wherever names show. It
 * carries the word itself (not only a colour or an icon), so screen readers
 * and colour-blind readers get it too. Nothing renders for other people.
 */
export function SupporterBadge({ user }: { user: { supporter?: number } | null | undefined }) {
  if ((user?.supporter ?? 0) < SupporterStatus.SUPPORTER) return null;
  return (
    <span className={styles.badge}>
      <HeartIcon size={10} />
      Supporter
    </span>
  );
}
