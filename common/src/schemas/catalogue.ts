import { z } from 'zod';
import { RELEASES_PAGE_SIZE } from '../constants';
import { ExplicitCoverArt, ReleaseListKind, ReleaseType, VoteType } from '../enums';
import { msg } from './messages';
import { integer, queryInt, text } from './fields';
import { boundedOffset, nextCursorShape, pagingQueryShape } from './paging';

/**
 * Shapes of the catalogue calls (artists, labels, genres, languages, releases,
 * release genre votes). Each schema is the response the server sends and the
 * type the web client reads.
 */

export const DATE_PRECISIONS = ['day', 'month', 'year'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

export const artistRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameLatin: z.string().nullable(),
});
export type ArtistRef = z.infer<typeof artistRefSchema>;

export const labelRefSchema = artistRefSchema;
export type LabelRef = z.infer<typeof labelRefSchema>;

export const genreRefSchema = z.object({ id: z.string(), name: z.string() });
export type GenreRef = z.infer<typeof genreRefSchema>;

export const languageSchema = z.object({
  id: z.string(),
  iso6391: z.string().nullable(),
  name: z.string(),
});
export type Language = z.infer<typeof languageSchema>;

/** URLs of the cover sizes (sm 250, md 500, lg 1000 px WebP; og 1200 px JPEG), or null. */
export const coverSchema = z.object({
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
  og: z.string(),
});
export type Cover = z.infer<typeof coverSchema>;

export const releaseStatsSchema = z.object({
  ratingsCount: z.number().int(),
  /** Average of 0-100 ratings, or null without ratings. */
  ratingsAvg: z.number().nullable(),
});
export type ReleaseStats = z.infer<typeof releaseStatsSchema>;

/** The viewer's own entry on a release, carried by release summaries when signed in. */
export const viewerEntrySchema = z.object({
  id: z.string(),
  rating: z.number().int().nullable(),
  hasReview: z.boolean(),
  hasTrackVotes: z.boolean(),
});
export type ViewerEntry = z.infer<typeof viewerEntrySchema>;

/** A release as cards and grids show it. */
export const releaseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  titleLatin: z.string().nullable(),
  artists: z.array(artistRefSchema),
  /** The earliest day it could have come out ('YYYY-MM-DD'), read with datePrecision. */
  date: z.string().nullable(),
  datePrecision: z.enum(DATE_PRECISIONS).nullable(),
  type: z.enum(ReleaseType),
  cover: coverSchema.nullable(),
  explicitCoverArt: z.array(z.enum(ExplicitCoverArt)),
  stats: releaseStatsSchema,
  /** The signed-in viewer's entry on it (absent when signed out, null without one). */
  viewerEntry: viewerEntrySchema.nullable().optional(),
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;

export const trackSchema = z.object({
  id: z.string(),
  track: z.string(),
  title: z.string(),
  durationMs: z.number().int().nullable(),
  order: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
});
export type Track = z.infer<typeof trackSchema>;

export const releaseGenreScoreSchema = genreRefSchema.extend({ score: z.number().int() });
export type ReleaseGenreScore = z.infer<typeof releaseGenreScoreSchema>;

export const releaseSchema = releaseSummarySchema.extend({
  labels: z.array(labelRefSchema),
  languages: z.array(languageSchema),
  /** Genres with a positive net score, highest first. */
  genres: z.array(releaseGenreScoreSchema),
  tracks: z.array(trackSchema),
  createdAt: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

export const pageFieldsSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  currentItems: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type PageFields = z.infer<typeof pageFieldsSchema>;

/** The page fields of a list that is also read by cursor (infinite scrolling). */
export const cursorPageFieldsSchema = pageFieldsSchema.extend(nextCursorShape);
export type CursorPageFields = z.infer<typeof cursorPageFieldsSchema>;

export const pagedReleasesSchema = cursorPageFieldsSchema.extend({
  releases: z.array(releaseSummarySchema),
});
export type PagedReleases = z.infer<typeof pagedReleasesSchema>;

const releaseListKinds = Object.values(ReleaseListKind) as [ReleaseListKind, ...ReleaseListKind[]];
const optionalId = (p: string) => text(p, { min: 1, max: 64 }).optional();

export const releasesQuerySchema = z
  .object({
    type: z
      .enum(releaseListKinds, { error: msg.oneOf('type', releaseListKinds) })
      .default(ReleaseListKind.New),
    ...pagingQueryShape(RELEASES_PAGE_SIZE),
    genreId: optionalId('genreId'),
    labelId: optionalId('labelId'),
    artistId: optionalId('artistId'),
    /** For top-oty: the calendar year (defaults to the current one). */
    year: queryInt('year', 1800, 3000).optional(),
  })
  .check(boundedOffset);
export type ReleasesQuery = z.input<typeof releasesQuerySchema>;

export const idParamsSchema = z.object({ id: text('id', { min: 1, max: 64 }) });

export const artistSchema = artistRefSchema.extend({
  bio: z.string().nullable(),
  /** Every release of the artist, newest first (the page groups them by type). */
  releases: z.array(releaseSummarySchema),
});
export type Artist = z.infer<typeof artistSchema>;

export const labelSchema = labelRefSchema.extend({ releasesCount: z.number().int() });
export type Label = z.infer<typeof labelSchema>;

export const genreSchema = genreRefSchema.extend({
  bio: z.string().nullable(),
  parents: z.array(genreRefSchema),
  children: z.array(genreRefSchema),
});
export type Genre = z.infer<typeof genreSchema>;

/** A genre's votes on one release, with the viewer's own vote when signed in. */
export const releaseGenreVotesSchema = z.array(
  genreRefSchema.extend({
    score: z.number().int(),
    upvotes: z.number().int(),
    downvotes: z.number().int(),
    myVote: z.object({ id: z.string(), vote: z.enum(VoteType) }).nullable(),
  }),
);
export type ReleaseGenreVotes = z.infer<typeof releaseGenreVotesSchema>;

export const releaseGenreVoteInputSchema = z.object({
  releaseId: text('releaseId', { min: 1, max: 64 }),
  genreId: text('genreId', { min: 1, max: 64 }),
  vote: integer('vote', -1, 1).refine((v) => v === 1 || v === -1, {
    error: msg.oneOf('vote', [1, -1]),
  }),
});
export type ReleaseGenreVoteInput = z.input<typeof releaseGenreVoteInputSchema>;
