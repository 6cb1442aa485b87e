import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BadgeKind } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { LoadError } from '../../../components/load-failure';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { SupporterBadge } from '../../../components/supporter-badge';
import { paths } from '../../../lib/paths';
import { badgeUsersInfiniteQueryOptions } from '../api';
import styles from './badge-users.module.css';

export interface BadgeUsersProps {
  type: BadgeKind;
  /** Accessible name of the list ('Supporters'). */
  label: string;
  /** What shows while nobody holds the badge. */
  emptyText: string;
}

/** The people with a badge (supporters, trusted contributors), as profile links. */
export function BadgeUsers({ type, label, emptyText }: BadgeUsersProps) {
  const query = useInfiniteQuery(badgeUsersInfiniteQueryOptions(type));
  if (query.isPending) return <Spinner label={`Loading ${label.toLowerCase()}`} />;
  if (!query.data) {
    return (
      <LoadError
        title={`The ${label.toLowerCase()} could not be loaded.`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const users = query.data.pages.flatMap((page) => page.users);
  if (users.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <>
      <ul className={styles.users} aria-label={label}>
        {users.map((user) => (
          <li key={user.id} className={styles.user}>
            <Link to={paths.user.href(user.username)} className={styles.link}>
              <Avatar user={user} size={32} />
              <span className={styles.name}>{user.name || user.username}</span>
            </Link>
            {type === 'supporter' ? null : <SupporterBadge user={user} />}
          </li>
        ))}
      </ul>
      <LoadMore query={query} what={label.toLowerCase()} />
    </>
  );
}
