import type { SubmissionKind } from '@earmark/common';
import { artistKind } from './artist';
import { genreKind } from './genre';
import type { AnyKindSpec } from './kind';
import { labelKind } from './label';
import { releaseKind } from './release';

/** The description of each kind of submission. */
export const SUBMISSION_KIND_SPECS: Record<SubmissionKind, AnyKindSpec> = {
  release: releaseKind,
  artist: artistKind,
  label: labelKind,
  genre: genreKind,
};

export function specOf(kind: SubmissionKind): AnyKindSpec {
  return SUBMISSION_KIND_SPECS[kind];
}
