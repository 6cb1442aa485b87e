import { z } from 'zod';
import { ExplicitCoverArt, ReleaseType } from '../enums';
import { DATE_PRECISIONS, coverSchema, languageSchema } from './catalogue';

/**
 * What a submission records (the entity's state before and the state it
 * proposes, one snapshot shape per kind) and the field-by-field difference
 * the submission and history pages show.
 */

/* ---------- What a submission records: the entity's state before and after ---------- */

const named = z.object({ id: z.string(), name: z.string() });

export const releaseSnapshotSchema = z.object({
  title: z.string(),
  titleLatin: z.string().nullable(),
  type: z.enum(ReleaseType),
  date: z.string().nullable(),
  datePrecision: z.enum(DATE_PRECISIONS).nullable(),
  artists: z.array(named),
  labels: z.array(named),
  languages: z.array(languageSchema),
  explicitCoverArt: z.array(z.enum(ExplicitCoverArt)),
  cover: coverSchema.nullable(),
  tracks: z.array(
    z.object({
      id: z.string().optional(),
      track: z.string(),
      title: z.string(),
      durationMs: z.number().int().nullable(),
    }),
  ),
});
export type ReleaseSnapshot = z.infer<typeof releaseSnapshotSchema>;

export const artistSnapshotSchema = z.object({
  name: z.string(),
  nameLatin: z.string().nullable(),
  bio: z.string().nullable(),
});
export type ArtistSnapshot = z.infer<typeof artistSnapshotSchema>;

export const labelSnapshotSchema = z.object({
  name: z.string(),
  nameLatin: z.string().nullable(),
});
export type LabelSnapshot = z.infer<typeof labelSnapshotSchema>;

export const genreSnapshotSchema = z.object({
  name: z.string(),
  bio: z.string().nullable(),
  parents: z.array(named),
});
export type GenreSnapshot = z.infer<typeof genreSnapshotSchema>;

export interface SubmissionSnapshots {
  release: ReleaseSnapshot;
  artist: ArtistSnapshot;
  label: LabelSnapshot;
  genre: GenreSnapshot;
}

/* ---------- The field-by-field difference the detail and history pages show ---------- */

const diffTrack = z.object({
  track: z.string(),
  title: z.string(),
  durationMs: z.number().int().nullable(),
});

/**
 * One changed field. `label` is how the page names it ('Title', 'Artists');
 * text values are already formatted for reading (a type's name, a date at
 * its precision, a duration as m:ss).
 */
export const submissionDiffEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    field: z.string(),
    label: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('set'),
    field: z.string(),
    label: z.string(),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('tracks'),
    field: z.literal('tracks'),
    label: z.string(),
    added: z.array(diffTrack),
    removed: z.array(diffTrack),
    renamed: z.array(z.object({ track: z.string(), before: z.string(), after: z.string() })),
    retimed: z.array(
      z.object({
        track: z.string(),
        title: z.string(),
        before: z.number().int().nullable(),
        after: z.number().int().nullable(),
      }),
    ),
    /** True when kept tracks changed places or numbers. */
    reordered: z.boolean(),
  }),
  z.object({
    kind: z.literal('cover'),
    field: z.literal('cover'),
    label: z.string(),
    before: coverSchema.nullable(),
    after: coverSchema.nullable(),
  }),
]);
export type SubmissionDiffEntry = z.infer<typeof submissionDiffEntrySchema>;
