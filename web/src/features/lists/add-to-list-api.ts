import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateListInput, CreateListReply, ReleaseInMyLists } from '@earmark/common';
import { api } from '../../lib/api';
import { listKeys } from '../../lib/query-keys';
import type { ListsFilter } from './api';

/** The lists the add-to-list popover offers: the member's own, drafts too, last changed first. */
export const myListsFilter = (userId: string): ListsFilter => ({ sortBy: 'updatedDate', userId });

export const fetchReleaseInMyLists = (releaseId: string, signal?: AbortSignal) =>
  api.get<ReleaseInMyLists>(`/lists/release/${encodeURIComponent(releaseId)}`, { signal });

/** Which of the signed-in member's lists hold the release, with the item in each. */
export const releaseInMyListsQueryOptions = (releaseId: string) =>
  queryOptions({
    queryKey: listKeys.releaseInMyLists(releaseId),
    queryFn: ({ signal }) => fetchReleaseInMyLists(releaseId, signal),
  });

const itemsPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/items`;

export const addListItem = (listId: string, releaseId: string) =>
  api.post<ReleaseInMyLists[number]>(itemsPath(listId), { releaseId });

export const removeListItem = (listId: string, itemId: string) =>
  api.del<null>(`${itemsPath(listId)}/${encodeURIComponent(itemId)}`);

export const createList = (input: CreateListInput) => api.post<CreateListReply>('/lists', input);

/** One list and, when the release is in it, its item there (to take it out). */
export interface ListItemToggle {
  listId: string;
  itemId: string | null;
}

/**
 * Adds the release to a list, or takes it out when `itemId` is given (the
 * item the release-in-lists data named). Afterwards the release's check
 * marks are refetched (awaited, so the row stays busy until they are
 * right), the list's items are dropped (their pages no longer hold), the
 * list itself refetches (counts, covers) and lists of lists refetch when
 * next shown, so the popover's rows do not jump while it is open. Failures
 * show the server's message in the snackbar, as for every mutation.
 */
export function useListItemToggle(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, itemId }: ListItemToggle) =>
      itemId ? removeListItem(listId, itemId) : addListItem(listId, releaseId),
    onSuccess: (_reply, { listId }) => {
      queryClient.removeQueries({ queryKey: listKeys.items(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.browses(), refetchType: 'none' });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: listKeys.releaseInMyLists(releaseId) }),
  });
}

/** Creates a list (a draft), then refetches the member's lists. */
export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateListInput) => createList(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.browses() }),
  });
}
