import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '@earmark/common';
import { api } from '../../lib/api';
import { artistKeys } from '../../lib/query-keys';

export const fetchArtist = (id: string, signal?: AbortSignal) =>
  api.get<Artist>(`/artists/${encodeURIComponent(id)}`, { signal });

export const artistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: artistKeys.detail(id),
    queryFn: ({ signal }) => fetchArtist(id, signal),
  });

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
