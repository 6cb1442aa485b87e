import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@earmark/common';
import { api, isApiError } from './api';
import { sessionKeys } from '../lib/query-keys';

/**
 * The session: who is signed in. Every feature reads it (to show or hide
 * what only a signed-in reader may do); auth and settings replace it.
 */

/** The signed-in user, or null when signed out (a 401 is an answer, not an error). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/users/me', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });

/** `user` is undefined while loading, null when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data };
}

/** Replaces the cached session user, e.g. with the CurrentUser a settings call returns. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: CurrentUser | null) =>
    queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
}
