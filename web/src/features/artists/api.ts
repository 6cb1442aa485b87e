import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '@earmark/common';
import { api } from '../../lib/api';

export const fetchArtist = (id: string, signal?: AbortSignal) =>
  api.get<Artist>(`/artists/${encodeURIComponent(id)}`, { signal });

export const artistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['artists', 'detail', id] as const,
    queryFn: ({ signal }) => fetchArtist(id, signal),
  });

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
