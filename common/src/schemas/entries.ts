import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH } from '../constants';
import { ReleaseType, SortBy, VoteType } from '../enums';
import { msg } from './messages';
import { integer, queryInt, text } from './fields';
import {
  genreRefSchema,
  artistRefSchema,
  cursorPageFieldsSchema,
  labelRefSchema,
  releaseSummarySchema,
} from './catalogue';
import { boundedOffset, pagingQueryShape } from './paging';
import { publicUserSchema } from './user-shapes';

/**
 * Shapes of the entries calls: a user's rating, review, tags and track votes
 * on one release, review votes, user tags, user stats and follows.
 */

export const TAG_MAX_LENGTH = 40;
export const TAGS_PER_ENTRY_MAX = 20;
export const ENTRIES_PAGE_SIZE = 24;

const voteSchema = z
  .number({ error: msg.oneOf('vote', [1, -1]) })
  .refine((v) => v === VoteType.UP || v === VoteType.DOWN, { error: msg.oneOf('vote', [1, -1]) })
  .transform((v) => v as VoteType);

export const ratingValueSchema = integer('rating', RATING_MIN, RATING_MAX);
export const reviewBodySchema = text('review', { min: 1, max: REVIEW_MAX_LENGTH });
export const entryTagIdsSchema = z
  .array(text('tags', { min: 1, max: 64 }), { error: msg.array('tags') })
  .max(TAGS_PER_ENTRY_MAX, { error: msg.arrayMax('tags', TAGS_PER_ENTRY_MAX) });

/** POST entries: the first rating, review or tag set creates the entry with only that field. */
export const createEntrySchema = z.object({
  releaseId: text('releaseId', { min: 1, max: 64 }),
  rating: ratingValueSchema.optional(),
  review: reviewBodySchema.optional(),
  /** Ids of the user's own tags. */
  tags: entryTagIdsSchema.optional(),
});
export type CreateEntryInput = z.input<typeof createEntrySchema>;

/** PATCH entries/{id}: an absent field stays; null clears it. */
export const updateEntrySchema = z.object({
  rating: ratingValueSchema.nullable().optional(),
  review: reviewBodySchema.nullable().optional(),
  tags: entryTagIdsSchema.nullable().optional(),
});
export type UpdateEntryInput = z.input<typeof updateEntrySchema>;

export const voteInputSchema = z.object({ vote: voteSchema });
export type VoteInput = z.input<typeof voteInputSchema>;

export const tagInputSchema = z.object({
  // Trimmed before the length checks, so a name of spaces only is refused.
  name: z
    .string({ error: msg.string('name') })
    .trim()
    .pipe(text('name', { min: 1, max: TAG_MAX_LENGTH })),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const tagSchema = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const userRefSchema = publicUserSchema.pick({
  id: true,
  username: true,
  name: true,
  image: true,
  supporter: true,
});
export type UserRef = z.infer<typeof userRefSchema>;

export const entryRatingSchema = z.object({ rating: z.number().int(), updatedAt: z.string() });

export const entryReviewSchema = z.object({
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The viewer's vote on this review, when signed in. */
  myVote: z.enum(VoteType).nullable(),
  /** Comments on the review by visible accounts. */
  commentsCount: z.number().int().optional(),
});
export type EntryReview = z.infer<typeof entryReviewSchema>;

export const trackVoteSchema = z.object({ trackId: z.string(), vote: z.enum(VoteType) });
export type TrackVote = z.infer<typeof trackVoteSchema>;

export const entrySchema = z.object({
  id: z.string(),
  releaseId: z.string(),
  user: userRefSchema,
  rating: entryRatingSchema.nullable(),
  review: entryReviewSchema.nullable(),
  /** The review page id (the entry id) when the entry has a review. */
  reviewId: z.string().nullable(),
  tags: z.array(tagSchema),
  trackVotes: z.array(trackVoteSchema),
  hasTrackVotes: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  release: releaseSummarySchema,
});
export type Entry = z.infer<typeof entrySchema>;

export const pagedEntriesSchema = cursorPageFieldsSchema.extend({ entries: z.array(entrySchema) });
export type PagedEntries = z.infer<typeof pagedEntriesSchema>;

const sortValues = Object.values(SortBy) as [SortBy, ...SortBy[]];
const releaseTypeValues = Object.values(ReleaseType);
const optionalId = (p: string) => text(p, { min: 1, max: 64 }).optional();

export const entriesQuerySchema = z
  .object({
    sortBy: z
      .enum(sortValues, { error: msg.oneOf('sortBy', sortValues) })
      .default(SortBy.EntryDate),
    ...pagingQueryShape(ENTRIES_PAGE_SIZE),
    releaseId: optionalId('releaseId'),
    userId: optionalId('userId'),
    withReview: z
      .enum(['true', 'false'], { error: msg.boolean('withReview') })
      .transform((v) => v === 'true')
      .optional(),
    /** Release year / decade (e.g. 1990). */
    year: queryInt('year', 1000, 3000).optional(),
    decade: queryInt('decade', 1000, 3000)
      .refine((d) => d % 10 === 0, { error: 'decade must be a multiple of 10' })
      .optional(),
    /** Rating bucket 0..10 (ratingBucket in common/format). */
    bucket: queryInt('bucket', 0, 10).optional(),
    genre: optionalId('genre'),
    artist: optionalId('artist'),
    label: optionalId('label'),
    tag: optionalId('tag'),
    type: queryInt('type', 1, 25)
      .refine((t) => (releaseTypeValues as number[]).includes(t), {
        error: msg.oneOf('type', releaseTypeValues),
      })
      .optional(),
  })
  .check(boundedOffset);
export type EntriesQuery = z.input<typeof entriesQuerySchema>;

/** Replies of the vote calls. */
export const trackVoteReplySchema = z.object({
  entry: entrySchema,
  track: z.object({ id: z.string(), upvotes: z.number().int(), downvotes: z.number().int() }),
});
export type TrackVoteReply = z.infer<typeof trackVoteReplySchema>;

export const reviewVoteReplySchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.enum(VoteType).nullable(),
});
export type ReviewVoteReply = z.infer<typeof reviewVoteReplySchema>;

/** User stats (GET entries/user/{id}/...). */
export const userArtistStatsSchema = z.array(
  z.object({ artist: artistRefSchema, count: z.number().int(), avgRating: z.number().nullable() }),
);
export const userLabelStatsSchema = z.array(
  z.object({ label: labelRefSchema, count: z.number().int(), avgRating: z.number().nullable() }),
);
export const userGenreStatsSchema = z.array(
  z.object({ genre: genreRefSchema, count: z.number().int() }),
);
/** Counts per rating bucket 0..10 (all eleven buckets, zeros included). */
export const userRatingStatsSchema = z.array(
  z.object({ bucket: z.number().int(), count: z.number().int() }),
);
export const userReleaseDateStatsSchema = z.object({
  decades: z.array(z.object({ decade: z.number().int(), count: z.number().int() })),
  years: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
});
export const userTagStatsSchema = z.array(z.object({ tag: tagSchema, count: z.number().int() }));
export type UserArtistStats = z.infer<typeof userArtistStatsSchema>;
export type UserLabelStats = z.infer<typeof userLabelStatsSchema>;
export type UserGenreStats = z.infer<typeof userGenreStatsSchema>;
export type UserRatingStats = z.infer<typeof userRatingStatsSchema>;
export type UserReleaseDateStats = z.infer<typeof userReleaseDateStatsSchema>;
export type UserTagStats = z.infer<typeof userTagStatsSchema>;

/** Follows. */
export const followReplySchema = z.object({
  following: z.boolean(),
  followersCount: z.number().int(),
});
export type FollowReply = z.infer<typeof followReplySchema>;

/** A user's followers or followings, newest follow first, by page number or by cursor. */
export const pagedUsersSchema = cursorPageFieldsSchema.extend({
  users: z.array(userRefSchema.extend({ isFollowedByViewer: z.boolean() })),
});
export type PagedUsers = z.infer<typeof pagedUsersSchema>;

/** The query of a follow list: the same paging (bounded page numbers, cursor) as entries. */
export const pageQuerySchema = z.object(pagingQueryShape(ENTRIES_PAGE_SIZE)).check(boundedOffset);
