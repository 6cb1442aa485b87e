import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Label } from '@earmark/common';
import { api } from '../../lib/api';
import { labelKeys } from '../../lib/query-keys';

export const fetchLabel = (id: string, signal?: AbortSignal) =>
  api.get<Label>(`/labels/${encodeURIComponent(id)}`, { signal });

export const labelQueryOptions = (id: string) =>
  queryOptions({
    queryKey: labelKeys.detail(id),
    queryFn: ({ signal }) => fetchLabel(id, signal),
  });

export function useLabel(id: string) {
  return useQuery(labelQueryOptions(id));
}
