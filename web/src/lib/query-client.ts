import { MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_MAX_RETRIES, QUERY_STALE_TIME_MS } from '@earmark/common';
import { errorMessage, isApiError } from './api';
import { showSnackbar } from './snackbar';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Set when the caller shows the error itself (e.g. inline), to skip the snackbar. */
      silentError?: boolean;
    };
  }
}

/** Not signed in and not found are answers, not glitches: retrying cannot change them. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error, 401) || isApiError(error, 404)) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        showSnackbar(errorMessage(error), 'error');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
