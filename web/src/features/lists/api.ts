import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { List, ListLikeReply, ListSort, PagedListItems, PagedLists } from '@earmark/common';
import { api } from '../../lib/api';
import { listKeys } from '../../lib/query-keys';

const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

/** Which lists to show: a sort plus at most one filter (an owner or a release they hold). */
export interface ListsFilter {
  sortBy: ListSort;
  userId?: string;
  releaseId?: string;
}

export const fetchLists = (filter: ListsFilter, cursor: string | null, signal?: AbortSignal) =>
  api.get<PagedLists>('/lists', { query: { ...filter, cursor: cursor ?? undefined }, signal });

/** A whole list of lists, page by page: each next page by the cursor the one before gave. */
export const listsInfiniteQueryOptions = (filter: ListsFilter) =>
  infiniteQueryOptions({
    queryKey: listKeys.browse(filter),
    queryFn: ({ pageParam, signal }) => fetchLists(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const fetchList = (id: string, signal?: AbortSignal) =>
  api.get<List>(listPath(id), { signal });

export const listQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: ({ signal }) => fetchList(id, signal),
  });

export function useList(id: string) {
  return useQuery(listQueryOptions(id));
}

export const fetchListItems = (id: string, page: number, signal?: AbortSignal) =>
  api.get<PagedListItems>(`${listPath(id)}/items`, { query: { page }, signal });

/** A list's items in rank order, page by page (the items call pages by number). */
export const listItemsInfiniteQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: listKeys.items(id),
    queryFn: ({ pageParam, signal }) => fetchListItems(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

export const likeList = (id: string) => api.post<ListLikeReply>(`${listPath(id)}/likes`);
export const unlikeList = (id: string) => api.del<ListLikeReply>(`${listPath(id)}/likes`);

/**
 * Likes or unlikes a list: the list's page shows the change at once, takes it
 * back on failure and keeps the server's count; cards elsewhere refetch when
 * next shown.
 */
export function useListLike(id: string) {
  const queryClient = useQueryClient();
  const key = listKeys.detail(id);
  const setLiked = (liked: boolean, likesCount?: number) =>
    queryClient.setQueryData<List>(key, (list) =>
      list
        ? {
            ...list,
            liked,
            likesCount: likesCount ?? list.likesCount + (liked === list.liked ? 0 : liked ? 1 : -1),
          }
        : list,
    );
  return useMutation({
    mutationFn: (like: boolean) => (like ? likeList(id) : unlikeList(id)),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<List>(key);
      setLiked(like);
      return { before };
    },
    onError: (_error, _like, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (reply) => setLiked(reply.liked, reply.likesCount),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' }),
  });
}
