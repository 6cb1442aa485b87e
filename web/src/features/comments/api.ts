import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  Comment,
  CommentTargetKind,
  CreateCommentInput,
  PagedComments,
} from '@earmark/common';
import { api } from '../../lib/api';
import { readAgainIfReading } from '../../lib/cache-updates';
import { commentKeys } from '../../lib/query-keys';

/** One comment thread: what it is about. */
export interface CommentThread {
  entityType: CommentTargetKind;
  entityId: string;
}

export const fetchComments = (thread: CommentThread, page: number, signal?: AbortSignal) =>
  api.get<PagedComments>('/comments', { query: { ...thread, page }, signal });

/** A thread page by page, in the order the server gives. */
export const commentsInfiniteQueryOptions = (thread: CommentThread) =>
  infiniteQueryOptions({
    queryKey: commentKeys.thread(thread.entityType, thread.entityId),
    queryFn: ({ pageParam, signal }) => fetchComments(thread, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

type CommentPages = InfiniteData<PagedComments, number>;

/** True when the loaded comments run oldest first (the server decides the order). */
function oldestFirst(comments: readonly Comment[]): boolean {
  const first = comments[0];
  const last = comments.at(-1);
  return !!first && !!last && Date.parse(first.createdAt) < Date.parse(last.createdAt);
}

/**
 * A new comment (one's own, or one that arrived live) where the thread's
 * order puts it: first when newest come first; last when oldest come first
 * and the last page is loaded (otherwise it comes with that page). A comment
 * already shown is not added twice: one's own comment comes back both as the
 * POST's answer and as a live event, in either order.
 */
export function addComment(queryClient: QueryClient, thread: CommentThread, comment: Comment) {
  const queryKey = commentKeys.thread(thread.entityType, thread.entityId);
  queryClient.setQueryData<CommentPages>(queryKey, (data) => {
    if (!data) return data;
    const all = data.pages.flatMap((page) => page.comments);
    if (all.some((c) => c.id === comment.id)) return data;
    const lastPage = data.pages.length - 1;
    const atEnd = oldestFirst(all);
    const hasMore = data.pages[lastPage]!.currentPage < data.pages[lastPage]!.totalPages;
    return {
      ...data,
      pages: data.pages.map((page, index) => {
        let comments = page.comments;
        if (!atEnd && index === 0) comments = [comment, ...comments];
        if (atEnd && !hasMore && index === lastPage) comments = [...comments, comment];
        return {
          ...page,
          comments,
          currentItems: comments.length,
          totalItems: page.totalItems + 1,
        };
      }),
    };
  });
  readAgainIfReading(queryClient, queryKey);
}

/** A deleted comment leaves the thread (deleting twice changes nothing). */
export function removeComment(queryClient: QueryClient, thread: CommentThread, id: string) {
  const queryKey = commentKeys.thread(thread.entityType, thread.entityId);
  queryClient.setQueryData<CommentPages>(queryKey, (data) => {
    if (!data?.pages.some((page) => page.comments.some((c) => c.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const comments = page.comments.filter((c) => c.id !== id);
        return {
          ...page,
          comments,
          currentItems: comments.length,
          totalItems: Math.max(0, page.totalItems - 1),
        };
      }),
    };
  });
  readAgainIfReading(queryClient, queryKey);
}

export const createComment = (input: CreateCommentInput) => api.post<Comment>('/comments', input);

export function useCreateComment(thread: CommentThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment({ ...thread, body }),
    onSuccess: (comment) => addComment(queryClient, thread, comment),
  });
}

export const deleteComment = (id: string) => api.del<void>(`/comments/${encodeURIComponent(id)}`);

export function useDeleteComment(thread: CommentThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_reply, id) => removeComment(queryClient, thread, id),
  });
}
