import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PagedEntries } from '@earmark/common';
import { api } from '../../lib/api';
import type { QueryParams } from '../../lib/api';
import { entryKeys } from '../../lib/query-keys';

/** 60 fills whole rows at 5, 4 and 3 columns. */
export const PROFILE_ENTRIES_PAGE_SIZE = 60;

export const fetchEntries = (query: QueryParams, signal?: AbortSignal) =>
  api.get<PagedEntries>('/entries', { query, signal });

/** A user's entries for one query (music filters, or reviews only), page by page. */
export const userEntriesInfiniteQueryOptions = (
  userId: string,
  query: QueryParams,
  pageSize = PROFILE_ENTRIES_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: entryKeys.userList(userId, query, pageSize),
    queryFn: ({ pageParam, signal }) =>
      fetchEntries({ ...query, userId, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });
