import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import type { ReleaseSummary } from '@earmark/common';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AddToListSlotContext } from '../components/add-to-list-slot';
import { SnackbarHost } from '../components/snackbar';
import { createQueryClient } from '../lib/query-client';
import { SocketProvider } from '../lib/socket';
import type { SocketFactory } from '../lib/socket';
import { NotificationProvider } from '../features/notifications';
import { ThemeSync } from './theme-sync';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** Tests pass a fake live connection. */
  createSocket?: SocketFactory;
}

// Loaded with the first release page or card popup that shows it.
const AddToListButton = lazy(() =>
  import('../features/lists').then((lists) => ({ default: lists.AddToListButton })),
);

const renderAddToList = (release: ReleaseSummary) => (
  <Suspense fallback={null}>
    <AddToListButton release={release} />
  </Suspense>
);

/**
 * Everything the app needs around the router: data cache, live connection,
 * notifications, theme, snackbar and the add-to-list slot.
 */
export function Providers({ children, queryClient, createSocket }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SocketProvider createSocket={createSocket}>
        <NotificationProvider>
          <ThemeSync />
          <AddToListSlotContext value={renderAddToList}>{children}</AddToListSlotContext>
          <SnackbarHost />
        </NotificationProvider>
      </SocketProvider>
    </QueryClientProvider>
  );
}
