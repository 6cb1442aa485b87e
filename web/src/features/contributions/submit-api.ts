import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { SUBMISSION_KIND_PLURALS, SubmissionStatus, submissionEntityIdKey } from '@earmark/common';
import type {
  ArtistSubmission,
  GenreSubmission,
  LabelSubmission,
  Language,
  ReleaseSubmission,
  SearchReply,
  SearchType,
  SubmissionCreated,
  SubmissionKind,
} from '@earmark/common';
import { api } from '../../lib/api';
import {
  artistKeys,
  contributionFormKeys,
  genreKeys,
  labelKeys,
  releaseKeys,
} from '../../lib/query-keys';
import { fetchSearch } from '../search';

/** The payload of each kind of submission. */
export interface SubmissionPayloads {
  release: ReleaseSubmission;
  artist: ArtistSubmission;
  label: LabelSubmission;
  genre: GenreSubmission;
}

export interface SubmitInput<K extends SubmissionKind> {
  /** The entity changed; absent for a new one. */
  entityId?: string | undefined;
  payload: SubmissionPayloads[K];
  /** A release's cover file: the call becomes multipart (`data` JSON and `image`). */
  image?: File | null | undefined;
}

/** `POST submissions/{kind plural}` (create) or `.../{id}` (edit). */
export function submit<K extends SubmissionKind>(
  kind: K,
  { entityId, payload, image }: SubmitInput<K>,
): Promise<SubmissionCreated> {
  const base = `/submissions/${SUBMISSION_KIND_PLURALS[kind]}`;
  const path = entityId ? `${base}/${encodeURIComponent(entityId)}` : base;
  if (!image) return api.post<SubmissionCreated>(path, payload);
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  form.append('image', image);
  return api.upload<SubmissionCreated>(path, form);
}

/** True when the submission changed the entity at once (not left open for votes). */
export function isApplied(reply: SubmissionCreated): boolean {
  return (
    reply.submissionStatus === SubmissionStatus.AUTO_APPROVED ||
    reply.submissionStatus === SubmissionStatus.APPROVED
  );
}

/** The id of the entity a submission created or changed. */
export function submittedEntityId(reply: SubmissionCreated): string {
  return reply[submissionEntityIdKey[reply.kind]] ?? reply.entityId;
}

/** After an applied change, the entity's cached reads (and lists showing it) are stale. */
function forgetEntity(client: QueryClient, reply: SubmissionCreated) {
  const keys: Record<SubmissionKind, readonly unknown[]> = {
    release: releaseKeys.all,
    artist: artistKeys.all,
    label: labelKeys.detail(submittedEntityId(reply)),
    genre: genreKeys.all,
  };
  void client.invalidateQueries({ queryKey: keys[reply.kind] });
}

/**
 * Sends a submission. Errors are the caller's to show (a field's under the
 * field, others in the snackbar), so the app-wide snackbar stays quiet.
 */
export function useSubmit<K extends SubmissionKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput<K>) => submit(kind, input),
    meta: { silentError: true },
    onSuccess: (reply) => {
      if (isApplied(reply)) forgetEntity(client, reply);
    },
  });
}

export const fetchLanguages = (signal?: AbortSignal) =>
  api.get<Language[]>('/languages', { signal });

/** Every language, for the release form; the list changes only with a new version. */
export function useLanguages() {
  return useQuery(
    queryOptions({
      queryKey: contributionFormKeys.languages(),
      queryFn: ({ signal }) => fetchLanguages(signal),
      staleTime: Infinity,
    }),
  );
}

export type PickerType = 'artists' | 'labels' | 'genres';

/** A picker's matches for a text (the first ten of one type); nothing is asked for an empty text. */
export function usePickerSearch(type: SearchType, q: string) {
  return useQuery(
    queryOptions({
      queryKey: contributionFormKeys.picker(type, q),
      queryFn: ({ signal }): Promise<SearchReply> => fetchSearch({ q, types: [type] }, signal),
      enabled: q.length > 0,
      staleTime: 60_000,
    }),
  );
}
