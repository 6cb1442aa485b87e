import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailure } from '../../../components/load-failure';
import { PageSpinner } from '../../../components/spinner';

/** An edit page's entity: a spinner while it loads, the 404 page or the error, then the form. */
export function LoadedEntity<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** The entity in lower case ('release'). */
  what: string;
  children: (entity: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={`Loading ${what}`} />;
  if (query.isError) {
    return <LoadFailure what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
