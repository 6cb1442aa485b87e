import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SEARCH_DROPDOWN_PAGE_SIZE, SEARCH_PAGE_MAX, SEARCH_TYPES } from '@earmark/common';
import type { SearchReply, SearchType } from '@earmark/common';
import { api } from '../../lib/api';
import { searchKeys } from '../../lib/query-keys';

/** Results per page on a per-type search page (the release page size). */
export const SEARCH_TYPE_PAGE_SIZE = 48;

export interface SearchParams {
  q: string;
  types: readonly SearchType[];
  /** The first when omitted. */
  page?: number;
  pageSize?: number;
}

/** `GET search`: the types asked for, one page of each. */
export function fetchSearch(
  { q, types, page, pageSize = SEARCH_DROPDOWN_PAGE_SIZE }: SearchParams,
  signal?: AbortSignal,
): Promise<SearchReply> {
  return api.get<SearchReply>('/search', {
    query: { q, type: [...types], page, pageSize },
    signal,
  });
}

/**
 * The first results of every type for a text (the header dropdown and the
 * combined page). Keyed by the text, so an older text's reply lands in its
 * own entry and never shows under a newer one.
 */
export function searchAllQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.combined(q, SEARCH_DROPDOWN_PAGE_SIZE),
    queryFn: ({ signal }) => fetchSearch({ q, types: SEARCH_TYPES }, signal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}

/** One type's results for a text, page by page, as deep as search ranks. */
export function searchTypeInfiniteQueryOptions(type: SearchType, q: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.type(type, q),
    queryFn: ({ pageParam, signal }) =>
      fetchSearch({ q, types: [type], page: pageParam, pageSize: SEARCH_TYPE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => {
      const shown = page * SEARCH_TYPE_PAGE_SIZE;
      return shown < searchCount(last, type) && page < SEARCH_PAGE_MAX ? page + 1 : undefined;
    },
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}

/** How many results of a type a reply counts (a count at the ceiling means that many or more). */
export function searchCount(reply: SearchReply, type: SearchType): number {
  return reply[`${type}Count`] ?? 0;
}
