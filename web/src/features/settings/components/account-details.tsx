import dayjs from 'dayjs';
import { AccountStatus, accountStatusLabel } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import styles from './account-details.module.css';

/** Read-only facts about the account: where mail goes, its standing and its age. */
export function AccountDetails({ user }: { user: CurrentUser }) {
  const healthy = user.accountStatus === AccountStatus.CONFIRMED;
  return (
    <dl className={styles.details}>
      <div className={styles.row}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>{user.email}</dd>
      </div>
      <div className={styles.row}>
        <dt className={styles.term}>Status</dt>
        <dd className={styles.value}>
          <span className={`${styles.status} ${healthy ? styles.ok : styles.attention}`}>
            {accountStatusLabel(user.accountStatus)}
          </span>
        </dd>
      </div>
      <div className={styles.row}>
        <dt className={styles.term}>Member since</dt>
        <dd className={styles.value}>
          <time dateTime={user.createdAt}>{dayjs(user.createdAt).format('MMMM D, YYYY')}</time>
        </dd>
      </div>
    </dl>
  );
}
