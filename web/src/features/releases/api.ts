import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { RELEASES_PAGE_SIZE } from '@earmark/common';
import type { PagedReleases, Release, ReleaseListKind } from '@earmark/common';
import { api } from '../../lib/api';
import { releaseKeys } from '../../lib/query-keys';

/** Which releases a list shows: the kind plus optional filters. */
export interface ReleaseListFilter {
  type: ReleaseListKind;
  genreId?: string;
  labelId?: string;
  artistId?: string;
}

export const fetchReleases = (
  filter: ReleaseListFilter & { page?: number; pageSize?: number; cursor?: string },
  signal?: AbortSignal,
) => api.get<PagedReleases>('/releases', { query: { ...filter }, signal });

/** One page of a list, for the short grids of the home page and section previews. */
export const releasesPageQueryOptions = (filter: ReleaseListFilter, pageSize: number) =>
  queryOptions({
    queryKey: releaseKeys.page(filter, pageSize),
    queryFn: ({ signal }) => fetchReleases({ ...filter, page: 1, pageSize }, signal),
  });

/**
 * A whole list, page by page (infinite scrolling): each page after the
 * first is asked by the cursor the one before gave, which costs the server
 * the same at any depth.
 */
export const releasesInfiniteQueryOptions = (filter: ReleaseListFilter) =>
  infiniteQueryOptions({
    queryKey: releaseKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      fetchReleases(
        { ...filter, pageSize: RELEASES_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const fetchRelease = (id: string, signal?: AbortSignal) =>
  api.get<Release>(`/releases/${encodeURIComponent(id)}`, { signal });

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: releaseKeys.detail(id),
    queryFn: ({ signal }) => fetchRelease(id, signal),
  });

export function useRelease(id: string) {
  return useQuery(releaseQueryOptions(id));
}
