import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@earmark/common';
import { api } from '../../lib/api';
import { userKeys } from '../../lib/query-keys';

export const fetchUserProfile = (username: string, signal?: AbortSignal) =>
  api.get<UserProfile>(`/users/username/${encodeURIComponent(username)}`, { signal });

export const userProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.profile(username),
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
    () => void queryClient.invalidateQueries({ queryKey: userKeys.profiles() }),
    [queryClient],
  );
}
