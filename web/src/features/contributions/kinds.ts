import {
  CommentTargetKind,
  SUBMISSION_KIND_PLURALS,
  SubmissionMethod,
  SubmissionStatus,
  submissionEntityIdKey,
  submissionKindOfPlural,
} from '@earmark/common';
import type { SubmissionKind } from '@earmark/common';
import { paths } from '../../lib/paths';

/** How pages name each kind: 'Release', 'Releases'. */
export const kindLabels: Record<SubmissionKind, { one: string; many: string }> = {
  release: { one: 'Release', many: 'Releases' },
  artist: { one: 'Artist', many: 'Artists' },
  label: { one: 'Label', many: 'Labels' },
  genre: { one: 'Genre', many: 'Genres' },
};

export const methodLabels: Record<SubmissionMethod, string> = {
  [SubmissionMethod.CREATE]: 'New',
  [SubmissionMethod.UPDATE]: 'Edit',
};

/** The comment thread of each kind's submissions. */
export const submissionCommentKind: Record<SubmissionKind, CommentTargetKind> = {
  release: CommentTargetKind.RELEASE_SUBMISSION,
  artist: CommentTargetKind.ARTIST_SUBMISSION,
  label: CommentTargetKind.LABEL_SUBMISSION,
  genre: CommentTargetKind.GENRE_SUBMISSION,
};

/** The two sub-pages of a kind's list and the status each shows. */
export const LIST_STATUSES = [
  { slug: 'open', label: 'Open', status: SubmissionStatus.OPEN },
  { slug: 'auto-approved', label: 'Auto-approved', status: SubmissionStatus.AUTO_APPROVED },
] as const;
export type ListStatusSlug = (typeof LIST_STATUSES)[number]['slug'];

/** A kind from a singular path segment ('release'), or null. */
export function kindOfSingular(value: string | undefined): SubmissionKind | null {
  return value && value in SUBMISSION_KIND_PLURALS ? (value as SubmissionKind) : null;
}

/** A kind from a plural path segment ('releases'), or null. */
export const kindOfPlural = (value: string | undefined): SubmissionKind | null =>
  value ? submissionKindOfPlural(value) : null;

const entityPaths = {
  release: paths.release,
  artist: paths.artist,
  label: paths.label,
  genre: paths.genre,
} as const;

/** The catalogue page of an entity of a kind. */
export const entityHref = (kind: SubmissionKind, id: string) => entityPaths[kind].href(id);

/** A kind's list of every submission, whatever its status, about one entity. */
export const entityContributionsHref = (kind: SubmissionKind, id: string) =>
  `${paths.contributionsList.href(SUBMISSION_KIND_PLURALS[kind], 'open')}?status=any&${submissionEntityIdKey[kind]}=${encodeURIComponent(id)}`;
