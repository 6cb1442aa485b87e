import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ENTRIES_PAGE_SIZE, SortBy } from '@earmark/common';
import type { Entry, PagedEntries, ReviewVoteReply, VoteType } from '@earmark/common';
import { api } from '../../lib/api';
import { mapItems, mapPages, updateQueries } from '../../lib/cache-updates';
import { entryKeys } from '../../lib/query-keys';

/**
 * Entries as reviews and ratings: lists (everyone's, a release's, a user's),
 * one entry by id, the followed users' entries on a release, review votes.
 * Their keys are entryKeys, so an entry change refreshes all of them.
 */

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
    queryKey: entryKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      fetchEntries({ ...filter, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The first page only, for previews (the home page's new reviews). */
export const entriesPageQueryOptions = (filter: EntriesFilter) =>
  queryOptions({
    queryKey: entryKeys.page(filter),
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
    queryKey: entryKeys.detail(id),
    queryFn: ({ signal }) => fetchEntry(id, signal),
  });

export function useEntry(id: string) {
  return useQuery(entryQueryOptions(id));
}

/** Entries on a release by the people the viewer follows (signed-in viewers only). */
export const followingEntriesQueryOptions = (releaseId: string) =>
  queryOptions({
    queryKey: entryKeys.following(releaseId),
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

/** The entry with the new votes on its review, or the same entry when it is another one. */
const withVotes =
  (entryId: string, reply: ReviewVoteReply) =>
  (entry: Entry): Entry =>
    entry.id === entryId && entry.review
      ? { ...entry, review: { ...entry.review, ...reply } }
      : entry;

const inPage =
  (update: (entry: Entry) => Entry) =>
  (page: PagedEntries): PagedEntries => {
    const entries = mapItems(page.entries, update);
    return entries === page.entries ? page : { ...page, entries };
  };

/**
 * Puts a review's new vote totals into every cached copy: its review page,
 * the followed people's entries on a release, and entry lists (first pages,
 * whole lists and profiles' lists).
 */
export function applyReviewVotes(
  queryClient: QueryClient,
  entryId: string,
  reply: ReviewVoteReply,
) {
  const update = withVotes(entryId, reply);
  updateQueries<Entry>(queryClient, entryKeys.detail(entryId), update);
  updateQueries<Entry[]>(queryClient, entryKeys.followings(), (entries) =>
    mapItems(entries, update),
  );
  updateQueries<PagedEntries>(queryClient, entryKeys.pages(), inPage(update));
  for (const key of [entryKeys.lists(), entryKeys.userLists()]) {
    updateQueries<InfiniteData<PagedEntries>>(queryClient, key, (data) =>
      mapPages(data, inPage(update)),
    );
  }
}

/** Casts or takes back a review vote and puts the new totals into every cached copy. */
export function useReviewVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnReview,
    onSuccess: (reply, { entryId }) => applyReviewVotes(queryClient, entryId, reply),
  });
}
