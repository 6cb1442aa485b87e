import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PagedEntries } from '@earmark/common';
import { api } from '../../lib/api';
import type { QueryParams } from '../../lib/api';
import { entryKeys } from '../../lib/query-keys';

/** 60 fills whole rows at 5, 4 and 3 columns. */
export const PROFILE_ENTRIES_PAGE_SIZE = 60;

export const fetchEntries = (query: QueryParams, signal?: AbortSignal) =>
  api.get<PagedEntries>('/entries', { query, signal });

/**
 * A user's entries for one query (music filters, or reviews only), page by
 * page, each after the first by the cursor of the one before.
 */
export const userEntriesInfiniteQueryOptions = (
  userId: string,
  query: QueryParams,
  pageSize = PROFILE_ENTRIES_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: entryKeys.userList(userId, query, pageSize),
    queryFn: ({ pageParam, signal }) =>
      fetchEntries({ ...query, userId, pageSize, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
