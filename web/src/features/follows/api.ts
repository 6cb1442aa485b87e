import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowReply, PagedUsers } from '@earmark/common';
import { api } from '../../lib/api';
import { entryKeys, followKeys } from '../../lib/query-keys';

/** Whose list: the people a user follows, or the people following them. */
export type FollowListKind = 'following' | 'followers';

const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

export const followUser = (userId: string) =>
  api.post<FollowReply>(`${userPath(userId)}/following`);

export const unfollowUser = (userId: string) =>
  api.del<FollowReply>(`${userPath(userId)}/following`);

/** One page of a list: the first without a cursor, each next one by the cursor the one before gave. */
export const fetchFollowList = (
  userId: string,
  kind: FollowListKind,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  // The trailing slash is part of the call's path.
  api.get<PagedUsers>(`${userPath(userId)}/${kind}/`, {
    query: { cursor: cursor ?? undefined },
    signal,
  });

export const followListInfiniteQueryOptions = (userId: string, kind: FollowListKind) =>
  infiniteQueryOptions({
    queryKey: followKeys.list(userId, kind),
    queryFn: ({ pageParam, signal }) => fetchFollowList(userId, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export interface FollowVariables {
  userId: string;
  /** True to follow, false to unfollow. */
  follow: boolean;
}

/**
 * What the caller keeps in step with a follow change. The data a follow
 * touches lives in other features' caches (a profile's counters, a list's
 * rows), so each caller updates its own.
 */
export interface FollowCacheUpdates {
  /** Shows the expected result at once; returns how to take it back on failure. */
  optimistic?: (variables: FollowVariables) => (() => void) | void;
  /** Applies the server's answer (the real follower count). */
  confirmed?: (reply: FollowReply, variables: FollowVariables) => void;
  /** Runs after success or failure. */
  settled?: (variables: FollowVariables) => void;
  /**
   * Refetch follower lists on screen afterwards. Off where the button sits in
   * such a list: a row must not vanish under the pointer right after a click.
   */
  refetchLists?: boolean;
}

export function useFollow({
  optimistic,
  confirmed,
  settled,
  refetchLists = true,
}: FollowCacheUpdates = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: FollowVariables) =>
      follow ? followUser(userId) : unfollowUser(userId),
    onMutate: (variables) => ({ undo: optimistic?.(variables) }),
    onError: (_error, _variables, context) => context?.undo?.(),
    onSuccess: (reply, variables) => confirmed?.(reply, variables),
    onSettled: (_reply, _error, variables) => {
      settled?.(variables);
      // Not awaited: the button is free again as soon as the server has answered.
      void queryClient.invalidateQueries({
        queryKey: followKeys.all,
        refetchType: refetchLists ? 'active' : 'none',
      });
      // A release page's 'people you follow' entries change too; they refetch when next shown.
      void queryClient.invalidateQueries({
        queryKey: entryKeys.followings(),
        refetchType: 'none',
      });
    },
  });
}
