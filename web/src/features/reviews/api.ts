import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ENTRIES_PAGE_SIZE, SortBy } from '@earmark/common';
import type { Entry, PagedEntries, ReviewVoteReply, VoteType } from '@earmark/common';
import { api } from '../../lib/api';

/**
 * Entries as reviews and ratings: lists (everyone's, a release's, a user's),
 * one entry by id, the followed users' entries on a release, review votes.
 *
 * Every key starts with 'entries', so invalidating ['entries'] after an
 * entry changes (rating, review, removal) refreshes all of them.
 */
export const entriesQueryKey = ['entries'] as const;

/** Which entries a list shows (the GET entries query, minus the page). */
export interface EntriesFilter {
  sortBy: SortBy;
  releaseId?: string;
  userId?: string;
  /** Only entries with a review. */
  withReview?: boolean;
  pageSize?: number;
}

export const fetchEntries = (
  filter: EntriesFilter & { page?: number; cursor?: string },
  signal?: AbortSignal,
) =>
  api.get<PagedEntries>('/entries', {
    query: {
      ...filter,
      withReview: filter.withReview ? 'true' : undefined,
      pageSize: filter.pageSize ?? ENTRIES_PAGE_SIZE,
    },
    signal,
  });

/** A whole list, page by page, each after the first by the cursor of the one before. */
export const entriesInfiniteQueryOptions = (filter: EntriesFilter) =>
  infiniteQueryOptions({
    queryKey: [...entriesQueryKey, 'infinite', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchEntries({ ...filter, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The first page only, for previews (the home page's new reviews). */
export const entriesPageQueryOptions = (filter: EntriesFilter) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'page', filter] as const,
    queryFn: ({ signal }) => fetchEntries({ ...filter, page: 1 }, signal),
  });

/** The review lists of /reviews/{sort}, a release and a profile. */
export type ReviewSort = 'new' | 'top';
export const REVIEW_SORTS: Record<ReviewSort, SortBy> = {
  new: SortBy.ReviewDate,
  top: SortBy.ReviewTop,
};

export const reviewsFilter = (
  sort: ReviewSort,
  scope: { releaseId?: string; userId?: string } = {},
): EntriesFilter => ({ sortBy: REVIEW_SORTS[sort], withReview: true, ...scope });

export const fetchEntry = (id: string, signal?: AbortSignal) =>
  api.get<Entry>(`/entries/${encodeURIComponent(id)}`, { signal });

export const entryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => fetchEntry(id, signal),
  });

export function useEntry(id: string) {
  return useQuery(entryQueryOptions(id));
}

/** Entries on a release by the people the viewer follows (signed-in viewers only). */
export const followingEntriesQueryOptions = (releaseId: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'following', releaseId] as const,
    queryFn: ({ signal }) =>
      api.get<Entry[]>(`/entries/release/${encodeURIComponent(releaseId)}/following`, { signal }),
  });

// ---- review votes -------------------------------------------------------------

export interface ReviewVoteInput {
  entryId: string;
  /** The vote to cast, or null to take the viewer's vote back. */
  vote: VoteType | null;
}

const votesPath = (entryId: string) => `/entries/review/${encodeURIComponent(entryId)}/votes`;

export const voteOnReview = ({ entryId, vote }: ReviewVoteInput) =>
  vote === null
    ? api.del<ReviewVoteReply>(votesPath(entryId))
    : api.post<ReviewVoteReply>(votesPath(entryId), { vote });

function isEntry(value: unknown): value is Entry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'review' in value &&
    'user' in value &&
    'release' in value
  );
}

/**
 * A copy of cached data with the votes of one review replaced, wherever the
 * entry sits: alone, in an array, in a page of entries or in infinite pages.
 * Anything else comes back unchanged (same object, so nothing re-renders).
 */
export function withReviewVotes<T>(data: T, entryId: string, reply: ReviewVoteReply): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const updated = withReviewVotes(item, entryId, reply);
      if (updated !== item) changed = true;
      return updated;
    });
    return (changed ? next : data) as T;
  }
  if (isEntry(data)) {
    if (data.id !== entryId || !data.review) return data;
    return { ...data, review: { ...data.review, ...reply } };
  }
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    for (const field of ['pages', 'entries'] as const) {
      if (Array.isArray(record[field])) {
        const updated = withReviewVotes(record[field], entryId, reply);
        return (updated === record[field] ? data : { ...record, [field]: updated }) as T;
      }
    }
  }
  return data;
}

export function applyReviewVotes(
  queryClient: QueryClient,
  entryId: string,
  reply: ReviewVoteReply,
) {
  queryClient.setQueriesData({ queryKey: entriesQueryKey }, (data: unknown) =>
    data === undefined ? data : withReviewVotes(data, entryId, reply),
  );
}

/** Casts or takes back a review vote and puts the new totals into every cached copy. */
export function useReviewVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnReview,
    onSuccess: (reply, { entryId }) => applyReviewVotes(queryClient, entryId, reply),
  });
}
