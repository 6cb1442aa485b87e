import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@earmark/common';
import { api } from '../../lib/api';

export const fetchUserProfile = (username: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/users/username/${encodeURIComponent(username)}`, { signal });

/** Prefix of every profile query; changes to an account invalidate all of them. */
export const userProfilesQueryKey = ['users', 'username'] as const;

/** Usernames are unique regardless of case, so '/Ana' and '/ana' share one cache entry. */
export const userProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...userProfilesQueryKey, username.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchUserProfile(username, signal),
  });

export function useUserProfile(username: string) {
  return useQuery(userProfileQueryOptions(username));
}

/** Changes a cached profile in place (follow state and counters move before the server answers). */
export function updateCachedProfile(
  queryClient: QueryClient,
  username: string,
  update: (profile: UserProfile) => UserProfile,
) {
  queryClient.setQueryData(userProfileQueryOptions(username).queryKey, (profile) =>
    profile ? update(profile) : profile,
  );
}

/**
 * After a follow change made from a list: the counters of the profile on
 * screen (the viewer's Following, or a listed person's Followers) are
 * refetched; other cached profiles refresh when next shown.
 */
export function useRefreshProfiles() {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: userProfilesQueryKey }),
    [queryClient],
  );
}
