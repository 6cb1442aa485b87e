import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeInput, MergeReply } from '@earmark/common';
import { api } from '../../lib/api';
import { mergeKeys } from '../../lib/query-keys';

/** `GET admin/merge/preview`: what merging would move, nothing moved yet. */
export const fetchMergePreview = (input: MergeInput, signal?: AbortSignal) =>
  api.get<MergeReply>('/admin/merge/preview', { query: { ...input }, signal });

/** The preview of a chosen pair; nothing is asked until both sides are chosen. */
export function useMergePreview(input: MergeInput | null) {
  return useQuery(
    queryOptions({
      queryKey: mergeKeys.preview(
        input?.entityType ?? '',
        input?.mergeFromId ?? '',
        input?.mergeIntoId ?? '',
      ),
      queryFn: ({ signal }) => fetchMergePreview(input!, signal),
      enabled: input !== null,
    }),
  );
}

/**
 * `POST admin/merge`. A merge changes pages across the site (the source's
 * releases, entries, lists), so every cached answer is dropped after it.
 */
export function useMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MergeInput) => api.post<MergeReply>('/admin/merge', input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
