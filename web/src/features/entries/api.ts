import {
  hashKey,
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateEntryInput,
  Entry,
  Tag,
  TrackVoteReply,
  UpdateEntryInput,
  VoteType,
} from '@earmark/common';
import { api, isApiError } from '../../lib/api';
import { updateCachedRelease, withTrackVoteChange, withViewerEntry } from './release-cache';
import { entryKeys } from '../../lib/query-keys';

const enc = encodeURIComponent;

// ---- the viewer's entry on a release ------------------------------------------

export async function fetchMyEntry(releaseId: string, signal?: AbortSignal): Promise<Entry | null> {
  try {
    return (
      (await api.get<Entry | null>(`/entries/release/${enc(releaseId)}/me`, { signal })) ?? null
    );
  } catch (error) {
    // "You have no entry" may also arrive as a 404; either way there is none yet.
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Signed-in only: the viewer's entry on a release, or null before they log it. */
export const myEntryQueryOptions = (releaseId: string) =>
  queryOptions({
    queryKey: entryKeys.mine(releaseId),
    queryFn: ({ signal }) => fetchMyEntry(releaseId, signal),
  });

export function useMyEntry(releaseId: string, enabled = true) {
  return useQuery({ ...myEntryQueryOptions(releaseId), enabled });
}

// ---- the user's tags ----------------------------------------------------------

/** The signed-in user's own tags, used on entries or not. */
export const fetchOwnTags = (signal?: AbortSignal) =>
  api.get<Tag[]>('/entries/user/tags', { signal });

/** The viewer's own tags (keyed by their id so a change of account never mixes lists). */
export const userTagsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: entryKeys.tags(userId),
    queryFn: ({ signal }) => fetchOwnTags(signal),
  });

export function useUserTags(userId: string | undefined) {
  return useQuery({ ...userTagsQueryOptions(userId ?? ''), enabled: !!userId });
}

// ---- calls --------------------------------------------------------------------

export const createEntry = (input: CreateEntryInput) => api.post<Entry>('/entries', input);

export const updateEntry = (id: string, input: UpdateEntryInput) =>
  api.patch<Entry>(`/entries/${enc(id)}`, input);

export const deleteEntry = (id: string) => api.del<void>(`/entries/${enc(id)}`);

/** Casting the same vote again removes it; the other vote replaces it. */
export const voteTrack = (releaseId: string, trackId: string, vote: VoteType) =>
  api.post<TrackVoteReply>(`/entries/track/${enc(releaseId)}/${enc(trackId)}`, { vote });

export const unvoteTrack = (releaseId: string, trackId: string) =>
  api.del<TrackVoteReply>(`/entries/track/${enc(releaseId)}/${enc(trackId)}`);

export const createTag = (name: string) => api.post<Tag>('/entries/user/tags', { name });

/**
 * Changes the entry, creating it on the first change (an entry exists only
 * once something is logged). Clearing a field of an entry that does not
 * exist has nothing to do.
 */
export async function saveEntry(
  releaseId: string,
  current: Entry | null,
  changes: UpdateEntryInput,
): Promise<Entry | null> {
  if (current) return updateEntry(current.id, changes);
  const input: CreateEntryInput = { releaseId };
  if (changes.rating != null) input.rating = changes.rating;
  if (changes.review != null) input.review = changes.review;
  if (changes.tags != null) input.tags = changes.tags;
  if (Object.keys(input).length === 1) return null;
  return createEntry(input);
}

// ---- mutations ----------------------------------------------------------------

/** Every action on the viewer's entry for a release carries this key (see useEntryBusy). */
export const entryMutationKey = entryKeys.release;

/**
 * Actions on one entry run one after another: the second change waits for
 * the first to answer, so it sees the entry the first one created instead of
 * creating a second one.
 */
const entryScope = (releaseId: string) => ({ id: `entry:${releaseId}` });

/** True while any action on the viewer's entry for this release is in flight. */
export function useEntryBusy(releaseId: string): boolean {
  return useIsMutating({ mutationKey: entryMutationKey(releaseId) }) > 0;
}

const cachedEntry = (queryClient: QueryClient, releaseId: string) =>
  queryClient.getQueryData(myEntryQueryOptions(releaseId).queryKey) ?? null;

/**
 * After a change: the viewer's entry is replaced, every cached copy of the
 * release shows the new entry summary, and entry lists are refetched. When
 * the release's stats may have moved (rating, review, deletion), the queries
 * holding the release are refetched as well.
 */
async function afterEntryChange(
  queryClient: QueryClient,
  releaseId: string,
  entry: Entry | null,
  statsChanged: boolean,
) {
  const myKey = myEntryQueryOptions(releaseId).queryKey;
  queryClient.setQueryData(myKey, entry);
  const holding = updateCachedRelease(queryClient, releaseId, withViewerEntry(entry));
  const refetches = [
    queryClient.invalidateQueries({
      queryKey: entryKeys.all,
      predicate: (query) => query.queryHash !== hashKey(myKey),
    }),
  ];
  if (statsChanged) {
    for (const queryKey of holding) {
      refetches.push(queryClient.invalidateQueries({ queryKey, exact: true }));
    }
  }
  await Promise.all(refetches);
}

/** Saves a rating, review or tag change (PATCH, or POST for the first one). */
export function useSaveEntry(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entryMutationKey(releaseId), 'save'],
    scope: entryScope(releaseId),
    // Read the entry when the call runs, not when it was queued.
    mutationFn: (changes: UpdateEntryInput) =>
      saveEntry(releaseId, cachedEntry(queryClient, releaseId), changes),
    onSuccess: (entry, changes) => {
      const statsChanged = changes.rating !== undefined || changes.review !== undefined;
      // Invalidations run in the background; the control is free again at once.
      void afterEntryChange(queryClient, releaseId, entry, statsChanged);
    },
  });
}

export function useDeleteEntry(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entryMutationKey(releaseId), 'delete'],
    scope: entryScope(releaseId),
    mutationFn: async () => {
      const entry = cachedEntry(queryClient, releaseId);
      if (entry) await deleteEntry(entry.id);
    },
    onSuccess: () => {
      void afterEntryChange(queryClient, releaseId, null, true);
    },
  });
}

/**
 * Votes a track up (favourite) or down (least favourite). The server toggles
 * a repeated vote off; the cached counters move by the change of the
 * viewer's own vote, one step each.
 */
export function useTrackVote(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entryMutationKey(releaseId), 'track-vote'],
    scope: entryScope(releaseId),
    mutationFn: ({ trackId, vote }: { trackId: string; vote: VoteType }) =>
      voteTrack(releaseId, trackId, vote),
    onSuccess: (reply, { trackId }) => {
      const myKey = myEntryQueryOptions(releaseId).queryKey;
      const voteOf = (entry: Entry | null | undefined) =>
        entry?.trackVotes.find((v) => v.trackId === trackId)?.vote ?? null;
      const before = voteOf(queryClient.getQueryData(myKey));
      const after = voteOf(reply.entry);
      queryClient.setQueryData(myKey, reply.entry);
      updateCachedRelease(
        queryClient,
        releaseId,
        withTrackVoteChange(trackId, before, after, reply.entry),
      );
    },
  });
}

/** Creates one of the viewer's tags; it joins the cached tag list with no entries yet. */
export function useCreateTag(releaseId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entryMutationKey(releaseId), 'create-tag'],
    mutationFn: (name: string) => createTag(name),
    onSuccess: (tag) => {
      queryClient.setQueryData(userTagsQueryOptions(userId).queryKey, (own) =>
        own?.some((t) => t.id === tag.id) ? own : [...(own ?? []), tag],
      );
    },
  });
}
