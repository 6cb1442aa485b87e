import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  List,
  ListItem,
  ReleaseInMyLists,
  ReleaseSummary,
  UpdateListInput,
} from '@earmark/common';
import { api } from '../../lib/api';
import { listKeys } from '../../lib/query-keys';
import { fetchSearch } from '../search';
import { fetchListItems } from './api';

/**
 * The list editor's calls: every item at once, the list's fields, publishing,
 * deleting, and the items' order, notes, additions and removals.
 */

const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;
const itemPath = (id: string, itemId: string) =>
  `${listPath(id)}/items/${encodeURIComponent(itemId)}`;

/** Pages fetched at once while loading a long list (a list holds up to 5,000 items). */
const PAGES_AT_ONCE = 4;

/** Every item of a list in rank order: the first page tells how many more to fetch. */
export async function fetchAllListItems(id: string, signal?: AbortSignal): Promise<ListItem[]> {
  const first = await fetchListItems(id, 1, signal);
  const pages = [first.items];
  for (let page = 2; page <= first.totalPages; page += PAGES_AT_ONCE) {
    const numbers = Array.from(
      { length: Math.min(PAGES_AT_ONCE, first.totalPages - page + 1) },
      (_, i) => page + i,
    );
    const replies = await Promise.all(numbers.map((n) => fetchListItems(id, n, signal)));
    pages.push(...replies.map((reply) => reply.items));
  }
  return pages.flat();
}

export const allListItemsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listKeys.allItems(id),
    queryFn: ({ signal }) => fetchAllListItems(id, signal),
  });

export function useAllListItems(id: string) {
  return useQuery(allListItemsQueryOptions(id));
}

/** Items numbered by their place: the editor's copy always has indexes 0..n-1. */
const renumber = (items: ListItem[]) =>
  items.map((item, index) => (item.index === index ? item : { ...item, index }));

/**
 * After the editor changed the items: its own copy is already right, so the
 * other copies (the list page's pages) are only marked stale, and the list
 * (its count and cover) is read again.
 */
function itemsChanged(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: listKeys.items(id), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: listKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' });
}

function useSetItems(id: string) {
  const queryClient = useQueryClient();
  return (update: (items: ListItem[]) => ListItem[]) =>
    queryClient.setQueryData<ListItem[]>(listKeys.allItems(id), (items) =>
      items ? update(items) : items,
    );
}

export function useUpdateList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateListInput) => api.patch<List>(listPath(id), input),
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(id), list);
      void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' });
    },
  });
}

/** No body and so no content type: the server refuses an empty JSON body. */
export function usePublishList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch<List>(`${listPath(id)}/publish`),
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(id), list);
      void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' });
    },
  });
}

/** Deletes the list; the caller leaves the page, then its cached answers are dropped. */
export function useDeleteList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<void>(listPath(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: listKeys.releasesInMyLists() });
    },
  });
}

/** Forgets everything cached about a list (after it was deleted and its page left). */
export function useForgetList(id: string) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: listKeys.detail(id) });
    queryClient.removeQueries({ queryKey: listKeys.items(id) });
  };
}

/**
 * Puts the items in a new order: shown at once (in the same event as the
 * drop, so nothing jumps back), sent whole (every item with its new index),
 * and taken back if the server refuses it.
 */
export function useReorderListItems(id: string) {
  const queryClient = useQueryClient();
  const key = listKeys.allItems(id);
  const mutation = useMutation({
    mutationFn: ({ items }: { items: ListItem[]; before: ListItem[] | undefined }) =>
      api.patch<void>(`${listPath(id)}/items`, {
        items: items.map((item, index) => ({ id: item.id, index })),
      }),
    onError: (_error, { before }) => {
      if (before) queryClient.setQueryData(key, before);
    },
    onSuccess: () => itemsChanged(queryClient, id),
  });
  return (items: ListItem[]) => {
    const before = queryClient.getQueryData<ListItem[]>(key);
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    queryClient.setQueryData(key, renumber(items));
    mutation.mutate({ items, before });
  };
}

export function useSetItemNote(id: string) {
  const setItems = useSetItems(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, note }: { itemId: string; note: string | null }) =>
      api.patch<void>(itemPath(id, itemId), { note }),
    onSuccess: (_reply, { itemId, note }) => {
      setItems((items) => items.map((item) => (item.id === itemId ? { ...item, note } : item)));
      void queryClient.invalidateQueries({ queryKey: listKeys.items(id), refetchType: 'none' });
    },
  });
}

function releaseListsChanged(queryClient: QueryClient, releaseId: string) {
  void queryClient.invalidateQueries({ queryKey: listKeys.releaseInMyLists(releaseId) });
}

export function useRemoveListItem(id: string) {
  const setItems = useSetItems(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ListItem) => api.del<void>(itemPath(id, item.id)),
    onSuccess: (_reply, removed) => {
      setItems((items) => renumber(items.filter((item) => item.id !== removed.id)));
      itemsChanged(queryClient, id);
      releaseListsChanged(queryClient, removed.release.id);
    },
  });
}

/** Adds a release at the end of the list. */
export function useAddListItem(id: string) {
  const setItems = useSetItems(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (release: ReleaseSummary) =>
      api.post<ReleaseInMyLists[number]>(`${listPath(id)}/items`, { releaseId: release.id }),
    onSuccess: ({ itemId }, release) => {
      setItems((items) => [...items, { id: itemId, index: items.length, note: null, release }]);
      itemsChanged(queryClient, id);
      releaseListsChanged(queryClient, release.id);
    },
  });
}

/** Releases whose title or artist matches `q`, for the release picker. */
export function useReleasePicker(q: string) {
  return useQuery({
    queryKey: listKeys.releasePicker(q),
    queryFn: ({ signal }) => fetchSearch({ q, types: ['releases'] }, signal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
