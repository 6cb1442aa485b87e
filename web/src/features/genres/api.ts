import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Genre, ReleaseGenreVoteInput, ReleaseGenreVotes } from '@earmark/common';
import { api } from '../../lib/api';
import { genreKeys } from '../../lib/query-keys';

export const fetchGenre = (id: string, signal?: AbortSignal) =>
  api.get<Genre>(`/genres/${encodeURIComponent(id)}`, { signal });

export const genreQueryOptions = (id: string) =>
  queryOptions({
    queryKey: genreKeys.detail(id),
    queryFn: ({ signal }) => fetchGenre(id, signal),
  });

export function useGenre(id: string) {
  return useQuery(genreQueryOptions(id));
}

// ---- genre votes on a release ------------------------------------------------

export const fetchReleaseGenreVotes = (releaseId: string, signal?: AbortSignal) =>
  api.get<ReleaseGenreVotes>(`/genres/release/${encodeURIComponent(releaseId)}`, { signal });

/** Includes the viewer's own votes, so it is only asked for when signed in. */
export const releaseGenreVotesQueryOptions = (releaseId: string) =>
  queryOptions({
    queryKey: genreKeys.releaseVotes(releaseId),
    queryFn: ({ signal }) => fetchReleaseGenreVotes(releaseId, signal),
  });

export function useReleaseGenreVotes(releaseId: string, enabled: boolean) {
  return useQuery({ ...releaseGenreVotesQueryOptions(releaseId), enabled });
}

export const voteReleaseGenre = (input: ReleaseGenreVoteInput) =>
  api.post<ReleaseGenreVotes>('/genres/rg', input);

export const removeReleaseGenreVote = (voteId: string) =>
  api.del<ReleaseGenreVotes>(`/genres/rg/${encodeURIComponent(voteId)}`);

/**
 * The server lists only genres that still have votes. A genre whose last vote
 * was just withdrawn stays on screen at zero, so the change can be undone.
 */
export function keepWithdrawn(
  previous: ReleaseGenreVotes | undefined,
  next: ReleaseGenreVotes,
): ReleaseGenreVotes {
  const withdrawn = (previous ?? [])
    .filter((genre) => !next.some((entry) => entry.id === genre.id))
    .map((genre) => ({ ...genre, score: 0, upvotes: 0, downvotes: 0, myVote: null }));
  return [...next, ...withdrawn];
}

type VoteChange =
  | { kind: 'vote'; genreId: string; vote: 1 | -1 }
  | { kind: 'remove'; genreId: string; voteId: string };

/**
 * Casts, changes or withdraws the viewer's vote on one genre of a release.
 * The reply is the release's new vote list; the release itself is refetched
 * because its shown genres (positive score, highest first) may have changed.
 */
export function useChangeGenreVote(releaseId: string, releaseQueryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VoteChange) =>
      change.kind === 'vote'
        ? voteReleaseGenre({ releaseId, genreId: change.genreId, vote: change.vote })
        : removeReleaseGenreVote(change.voteId),
    onSuccess: (votes) => {
      queryClient.setQueryData<ReleaseGenreVotes>(
        releaseGenreVotesQueryOptions(releaseId).queryKey,
        (previous) => keepWithdrawn(previous, votes),
      );
      return queryClient.invalidateQueries({ queryKey: releaseQueryKey });
    },
  });
}
