import { sql } from 'drizzle-orm';
import type { Tag, TrackVote } from '@earmark/common';
import {
  check,
  date,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { releases, tracks } from './catalogue';
import { users } from './users';

/**
 * A user's entry on a release: created by the first rating, review, tag set
 * or track vote, with only that field. The release lists read `created_at`
 * (popular) and the rating columns.
 *
 * The partial indexes follow the sorts of GET entries: a rating sort lists
 * rated entries only and a review sort reviewed entries only, each within a
 * release, within a user, or across everyone. Each ends with the id, the
 * last key of every order, so a keyset page starts inside the index. The
 * release and user ones then carry the other owner column (the user of a
 * release's entry, the release of a user's), and the site's newest reviews
 * both: the visibility checks of a list need nothing else, so a page, an
 * offset page's skipped rows included, reads the index alone.
 */
export const entries = pgTable(
  'entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    // The release's date, kept by triggers (it follows the release's edits and
    // merges), so a user's entries by release date are read from an index.
    releaseDate: date('release_date', { mode: 'string' }),
    // The release's type, kept the same way, so a user's entries of a type are
    // counted from an index without looking up each release.
    releaseType: smallint('release_type'),
    // The ids of the artists and labels the release credits, kept by triggers as
    // the release's copies above are (and by its credits' edits), so a user's
    // artist and label charts read them with their entries from one index.
    releaseArtistIds: text('release_artist_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    releaseLabelIds: text('release_label_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // And of the genres it belongs to (a net score above zero), kept as they change.
    releaseGenreIds: text('release_genre_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    rating: smallint('rating'),
    ratingUpdatedAt: timestamp('rating_updated_at', { withTimezone: true }),
    review: text('review'),
    reviewCreatedAt: timestamp('review_created_at', { withTimezone: true }),
    reviewUpdatedAt: timestamp('review_updated_at', { withTimezone: true }),
    reviewUpvotes: integer('review_upvotes').notNull().default(0),
    reviewDownvotes: integer('review_downvotes').notNull().default(0),
    // Stored, so the "top" orders read it from their indexes (an expression would need the row).
    reviewNet: integer('review_net')
      .notNull()
      .generatedAlwaysAs(sql`review_upvotes - review_downvotes`),
    // Kept with track_votes so "has track votes" needs no lookup.
    trackVotesCount: integer('track_votes_count').notNull().default(0),
    // Kept by triggers on entry_tags (every writer, cascades included).
    tagsCount: integer('tags_count').notNull().default(0),
    // The entry's tags and track votes as the entry shows them (JSON lists in
    // their order, null when it has none), kept by triggers on entry_tags,
    // user_tags, track_votes and tracks: a page of entries reads them with its
    // rows, where looking each entry's up cost a quarter of the page's statement.
    tagList: json('tag_list').$type<Tag[]>(),
    trackVoteList: json('track_vote_list').$type<TrackVote[]>(),
    // Comments on the review by visible accounts (kept by the comments feature).
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const rated = sql`${t.rating} is not null`;
    const reviewed = sql`${t.review} is not null`;
    return [
      uniqueIndex('entries_user_release_key').on(t.userId, t.releaseId),
      index('entries_release_created_idx').on(t.releaseId, t.createdAt, t.id, t.userId),
      index('entries_created_at_idx').on(t.createdAt, t.id),
      // And the rating: a user's profile charts read their entries from it alone.
      index('entries_user_created_idx').on(t.userId, t.createdAt, t.id, t.releaseId, t.rating),
      index('entries_user_release_date_idx').on(
        t.userId,
        t.releaseDate.desc().nullsLast(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.releaseId,
      ),
      // A user's entries of a type, and the charts' and filters' copies, read
      // from the index alone; its last columns (never compared, as a user's
      // release id is unique) are the sort keys of a page of a type, so the page
      // sorts the user's entries of the type without reading one.
      index('entries_user_release_type_idx').on(
        t.userId,
        t.releaseType,
        t.releaseId,
        t.rating,
        t.releaseArtistIds,
        t.releaseLabelIds,
        t.releaseGenreIds,
        t.id,
        t.ratingUpdatedAt,
        t.createdAt,
        t.releaseDate,
      ),
      index('entries_rating_idx').on(t.rating, t.id).where(rated),
      index('entries_release_rating_idx').on(t.releaseId, t.rating, t.id, t.userId).where(rated),
      index('entries_release_rating_updated_idx')
        .on(t.releaseId, t.ratingUpdatedAt, t.id, t.userId)
        .where(rated),
      index('entries_user_rating_idx').on(t.userId, t.rating, t.id, t.releaseId).where(rated),
      index('entries_user_rating_updated_idx')
        .on(t.userId, t.ratingUpdatedAt, t.id, t.releaseId)
        .where(rated),
      index('entries_rating_updated_idx').on(t.ratingUpdatedAt, t.id).where(rated),
      index('entries_review_created_idx')
        .on(t.reviewCreatedAt, t.id, t.userId, t.releaseId)
        .where(reviewed),
      index('entries_release_review_created_idx')
        .on(t.releaseId, t.reviewCreatedAt, t.id, t.userId)
        .where(reviewed),
      index('entries_user_review_created_idx')
        .on(t.userId, t.reviewCreatedAt, t.id, t.releaseId)
        .where(reviewed),
      // The site's top reviews: walked by net votes, recent weeks only.
      index('entries_review_net_idx')
        .on(t.reviewNet, t.reviewCreatedAt, t.id, t.userId, t.releaseId)
        .where(reviewed),
      index('entries_release_review_net_idx')
        .on(t.releaseId, t.reviewNet, t.reviewCreatedAt, t.id, t.userId)
        .where(reviewed),
      index('entries_user_review_net_idx')
        .on(t.userId, t.reviewNet, t.reviewCreatedAt, t.id, t.releaseId)
        .where(reviewed),
      check('entries_rating_ck', sql`${t.rating} between 0 and 100`),
    ];
  },
);

/** A user's own tags; names are unique per user whatever their case. */
export const userTags = pgTable(
  'user_tags',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tags_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/** Tags attached to an entry (always the entry owner's tags). */
export const entryTags = pgTable(
  'entry_tags',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => userTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.tagId] }),
    // The tag filter of GET entries and the tag stats start from the tag.
    index('entry_tags_tag_idx').on(t.tagId, t.entryId),
  ],
);

/** Favourite (1) or least favourite (-1) tracks, one vote per entry and track. */
export const trackVotes = pgTable(
  'track_votes',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    trackId: text('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.trackId] }),
    index('track_votes_track_idx').on(t.trackId),
    check('track_votes_vote_ck', sql`${t.vote} in (-1, 1)`),
  ],
);

/** Up or down votes on the review of an entry, one per user. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    index('review_votes_user_idx').on(t.userId),
    check('review_votes_vote_ck', sql`${t.vote} in (-1, 1)`),
  ],
);

export type EntryRow = typeof entries.$inferSelect;
export type UserTagRow = typeof userTags.$inferSelect;
