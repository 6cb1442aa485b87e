import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FollowReply, PagedUsers } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { UserIcon, WarningIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/spinner';
import { SupporterBadge } from '../../../components/supporter-badge';
import { errorMessage } from '../../../lib/api';
import { followListInfiniteQueryOptions } from '../api';
import type { FollowListKind, FollowVariables } from '../api';
import { FollowButton } from './follow-button';
import styles from './follow-list.module.css';
import { followKeys } from '../../../lib/query-keys';

/** Sets one user's followed flag in every cached follower / following list. */
function setFollowedInLists(queryClient: QueryClient, userId: string, followed: boolean) {
  queryClient.setQueriesData<InfiniteData<PagedUsers>>({ queryKey: followKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((user) =>
              user.id === userId ? { ...user, isFollowedByViewer: followed } : user,
            ),
          })),
        }
      : data,
  );
}

export interface FollowListProps {
  userId: string;
  kind: FollowListKind;
  /** The signed-in viewer's id: follow buttons show for everyone else. */
  viewerId: string | null;
  /** Accessible name of the list. */
  label: string;
  emptyText: string;
  /** Told after each follow change made from the list (profiles' counters change). */
  onFollowChange?: (reply: FollowReply, variables: FollowVariables) => void;
}

/** A user's followers or followings, page by page, each with a follow button. */
export function FollowList({
  userId,
  kind,
  viewerId,
  label,
  emptyText,
  onFollowChange,
}: FollowListProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(followListInfiniteQueryOptions(userId, kind));

  if (query.isPending) return <PageSpinner label="Loading people" />;
  if (!query.data) {
    return (
      <EmptyState
        icon={<WarningIcon size={28} />}
        title="This list could not be loaded."
        message={errorMessage(query.error)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const users = query.data.pages.flatMap((page) => page.users);
  if (users.length === 0) {
    return <EmptyState icon={<UserIcon size={28} />} title={emptyText} />;
  }

  const updates = {
    optimistic: ({ userId: id, follow }: FollowVariables) => {
      setFollowedInLists(queryClient, id, follow);
      return () => setFollowedInLists(queryClient, id, !follow);
    },
    confirmed: (reply: FollowReply, variables: FollowVariables) => {
      setFollowedInLists(queryClient, variables.userId, reply.following);
      onFollowChange?.(reply, variables);
    },
    refetchLists: false,
  };

  return (
    <div className={styles.wrap}>
      <ul className={styles.list} aria-label={label}>
        {users.map((user) => {
          const name = user.name || user.username;
          return (
            <li key={user.id} className={styles.row}>
              <Link to={paths.user.href(user.username)} className={styles.person}>
                <Avatar user={user} size={48} />
                <span className={styles.names}>
                  <span className={styles.nameRow}>
                    <span className={styles.name}>{name}</span>
                    <SupporterBadge user={user} />
                  </span>
                  <span className={styles.username}>@{user.username}</span>
                </span>
              </Link>
              {viewerId && viewerId !== user.id && (
                <FollowButton
                  userId={user.id}
                  name={name}
                  following={user.isFollowedByViewer}
                  updates={updates}
                  size="small"
                />
              )}
            </li>
          );
        })}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className={styles.error}>
          More people could not be loaded. {errorMessage(query.error)}
        </p>
      )}
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}
