import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { SnackbarHost } from '../components/snackbar';
import { createQueryClient } from '../lib/query-client';
import { ThemeSync } from './theme-sync';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

/** Everything the app needs around the router: data cache, theme and snackbar. */
export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeSync />
      {children}
      <SnackbarHost />
    </QueryClientProvider>
  );
}
