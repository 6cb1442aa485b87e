import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { createQueryClient, shouldRetry } from '../lib/query-client';
import { FakeSocket } from './fake-socket';

/**
 * Renders the real route tree (or given routes) at `path`, with the app's
 * providers and a fake live connection (`socket`) that tests drive.
 */
export function renderApp(path: string, routes: RouteObject[] = appRoutes) {
  // jsdom has no scrolling; the router's scroll restoration calls it.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const queryClient = createQueryClient();
  // The app's rules, minus the waiting: at most one quick retry.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: {
      ...queryClient.getDefaultOptions().queries,
      retry: (n: number, e: unknown) => shouldRetry(n, e) && n < 1,
      retryDelay: 0,
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const socket = new FakeSocket();
  const utils = render(
    <Providers queryClient={queryClient} createSocket={() => socket}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient, socket };
}
