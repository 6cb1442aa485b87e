import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { SUBMISSION_KIND_PLURALS } from '@earmark/common';
import type {
  Actor,
  HistoryPage,
  KeepPendingDeletionReply,
  PendingDeletionImpact,
  ProcessPendingDeletionInput,
  ProcessPendingDeletionReply,
  SubmissionCard,
  SubmissionDetail,
  SubmissionKind,
  SubmissionStatus,
  SubmissionsPage,
  UserContributions,
  VoteType,
} from '@earmark/common';
import { api } from '../../lib/api';
import { submissionKeys } from '../../lib/query-keys';

const enc = encodeURIComponent;

/** Which submissions of a kind to list; absent filters list them all. */
export interface SubmissionsFilter {
  status?: SubmissionStatus;
  userId?: string;
  sortBy?: 'newest' | 'oldest';
  /** The entity filter of the list's kind (the others are ignored by the server). */
  releaseId?: string;
  artistId?: string;
  labelId?: string;
  genreId?: string;
}

export const fetchSubmissions = (
  kind: SubmissionKind,
  filter: SubmissionsFilter,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  api.get<SubmissionsPage>(`/submissions/${SUBMISSION_KIND_PLURALS[kind]}`, {
    query: { ...filter, cursor: cursor ?? undefined },
    signal,
  });

/** The cards of one page: the reply keeps them under the kind's plural. */
export const pageCards = (kind: SubmissionKind, page: SubmissionsPage): SubmissionCard[] =>
  page[SUBMISSION_KIND_PLURALS[kind]] ?? [];

/** A kind's submissions, page by page by the cursor the page before gave. */
export const submissionsInfiniteQueryOptions = (kind: SubmissionKind, filter: SubmissionsFilter) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.list(kind, filter),
    queryFn: ({ pageParam, signal }) => fetchSubmissions(kind, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const fetchSubmission = (kind: SubmissionKind, id: string, signal?: AbortSignal) =>
  api.get<SubmissionDetail>(`/submissions/${kind}/${enc(id)}`, { signal });

export const submissionQueryOptions = (kind: SubmissionKind, id: string) =>
  queryOptions({
    queryKey: submissionKeys.detail(kind, id),
    queryFn: ({ signal }) => fetchSubmission(kind, id, signal),
  });

export function useSubmission(kind: SubmissionKind, id: string) {
  return useQuery(submissionQueryOptions(kind, id));
}

export const voteOnSubmission = (kind: SubmissionKind, id: string, vote: VoteType) =>
  api.patch<unknown>(`/submissions/${SUBMISSION_KIND_PLURALS[kind]}/vote/${enc(id)}`, { vote });

/**
 * Votes on a submission: the viewer's vote joins the page's vote list once
 * the server accepts it, then the submission (its status may have changed)
 * and the lists are read again.
 */
export function useSubmissionVote(kind: SubmissionKind, id: string, voter: Actor) {
  const queryClient = useQueryClient();
  const key = submissionKeys.detail(kind, id);
  return useMutation({
    mutationFn: (vote: VoteType) => voteOnSubmission(kind, id, vote),
    onSuccess: (_reply, vote) => {
      queryClient.setQueryData<SubmissionDetail>(key, (detail) =>
        detail
          ? {
              ...detail,
              votes: [
                ...detail.votes.filter((v) => v.userId !== voter.id),
                { userId: voter.id, user: voter, type: vote },
              ],
            }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.lists() });
    },
  });
}

export const discardSubmission = (kind: SubmissionKind, id: string) =>
  api.del<unknown>(`/submissions/${SUBMISSION_KIND_PLURALS[kind]}/${enc(id)}`);

/** Discards the viewer's own submission; every submission list and count is read afresh. */
export function useDiscardSubmission(kind: SubmissionKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardSubmission(kind, id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: submissionKeys.detail(kind, id) });
      await queryClient.resetQueries({ queryKey: submissionKeys.all });
    },
  });
}

export const fetchHistory = (
  kind: SubmissionKind,
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  api.get<HistoryPage>(`/history/${kind}/${enc(id)}`, {
    query: { cursor: cursor ?? undefined },
    signal,
  });

/** An entity's applied changes, newest first, page by page. */
export const historyInfiniteQueryOptions = (kind: SubmissionKind, id: string) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.history(kind, id),
    queryFn: ({ pageParam, signal }) => fetchHistory(kind, id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const fetchUserContributions = (userId: string, signal?: AbortSignal) =>
  api.get<UserContributions>(`/submissions/user-contributions/${enc(userId)}`, { signal });

export function useUserContributions(userId: string) {
  return useQuery({
    queryKey: submissionKeys.userCounts(userId),
    queryFn: ({ signal }) => fetchUserContributions(userId, signal),
  });
}

export const processPendingDeletions = (input: ProcessPendingDeletionInput) =>
  api.post<ProcessPendingDeletionReply>('/submissions/process-pending-deletion', input);

export const keepPendingDeletions = (input: ProcessPendingDeletionInput) =>
  api.post<KeepPendingDeletionReply>('/submissions/keep-pending-deletion', input);

/**
 * Deletes, or keeps, the entities of the chosen pending-deletion submissions;
 * the lists and what each deletion would remove are read again.
 */
export function usePendingDeletionDecision<R>(
  call: (input: ProcessPendingDeletionInput) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: submissionKeys.pendingDeletionImpact() }),
      ]),
  });
}

export const fetchPendingDeletionImpact = (signal?: AbortSignal) =>
  api.get<PendingDeletionImpact>('/submissions/pending-deletions', { signal });

/** Every pending deletion with what processing it would remove. */
export const pendingDeletionImpactQueryOptions = () =>
  queryOptions({
    queryKey: submissionKeys.pendingDeletionImpact(),
    queryFn: ({ signal }) => fetchPendingDeletionImpact(signal),
  });
