import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TOP_TYPES, type ArtistRef, type ExplicitCoverArt } from '@earmark/common';
import { listOrderIndexes, releaseCopies } from './release-copies';
import { foldedNamesSql, searchIndexOptions } from './search-text';
import { users } from './users';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Catalogue tables hold the applied state of each entity. Every change will
 * arrive as a submission; `pendingDeletion` hides an entity whose
 * auto-approved creation was voted down until an admin processes it, and
 * `mergedIntoId` remembers where a merged entity went.
 */
/**
 * How many releases credit an artist or label (rows of release_artists or
 * release_labels), or carry a genre (a score above 0): `releasesCount`
 * with hidden releases included, what search ranks them by among equal
 * matches; `visibleReleasesCount` those whose release is neither pending
 * deletion nor merged, the length of their recently-added list and what
 * their new list's total is worked out from. Kept by triggers (the credit
 * counts migrations) on every path that changes credits or hides a
 * release; COUNTER_RECOUNTS holds their definition.
 */
const releasesCount = {
  releasesCount: integer('releases_count').notNull().default(0),
  visibleReleasesCount: integer('visible_releases_count').notNull().default(0),
};

const lifecycle = {
  pendingDeletion: boolean('pending_deletion').notNull().default(false),
  mergedIntoId: text('merged_into_id'),
};

export const artists = pgTable(
  'artists',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameLatin: text('name_latin'),
    bio: text('bio'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(foldedNamesSql('name', 'name_latin')),
    ...releasesCount,
    ...lifecycle,
    ...timestamps,
  },
  (t) => [
    index('artists_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(searchIndexOptions),
    // The few hidden artists, so a chart leaves them out before it looks any artist up.
    index('artists_hidden_idx')
      .on(t.id)
      .where(sql`${t.pendingDeletion} or ${t.mergedIntoId} is not null`),
  ],
);

export const labels = pgTable(
  'labels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameLatin: text('name_latin'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(foldedNamesSql('name', 'name_latin')),
    ...releasesCount,
    ...lifecycle,
    ...timestamps,
  },
  (t) => [
    index('labels_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(searchIndexOptions),
    // The few hidden labels (see artists_hidden_idx).
    index('labels_hidden_idx')
      .on(t.id)
      .where(sql`${t.pendingDeletion} or ${t.mergedIntoId} is not null`),
  ],
);

export const genres = pgTable(
  'genres',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    bio: text('bio'),
    searchText: text('search_text').notNull().generatedAlwaysAs(foldedNamesSql('name', null)),
    ...releasesCount,
    ...lifecycle,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('genres_name_lower_key').on(sql`lower(${t.name})`),
    index('genres_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(searchIndexOptions),
  ],
);

/** Parent genres (rock > post-punk). The application refuses cycles. */
export const genreParents = pgTable(
  'genre_parents',
  {
    genreId: text('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    parentId: text('parent_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.genreId, t.parentId] }),
    index('genre_parents_parent_idx').on(t.parentId),
    check('genre_parents_not_self', sql`${t.genreId} <> ${t.parentId}`),
  ],
);

/** ISO 639 languages; the id is the ISO 639-3 code (639-1 where one exists is kept too). */
export const languages = pgTable('languages', {
  id: text('id').primaryKey(),
  iso6391: text('iso639_1'),
  name: text('name').notNull(),
});

export type DatePrecision = 'day' | 'month' | 'year';

/** Cover files (content-hashed names under media/covers). */
export interface CoverFiles {
  sm: string;
  md: string;
  lg: string;
  /** JPEG for link previews, which not every site reads as WebP. */
  og: string;
}

export const releases = pgTable(
  'releases',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    titleLatin: text('title_latin'),
    type: smallint('type').notNull(),
    /**
     * The earliest day the release could have come out: a year-only date is
     * stored as 1 January, a month-only one as the 1st, with the precision beside it.
     */
    date: date('date', { mode: 'string' }),
    datePrecision: text('date_precision').$type<DatePrecision>(),
    explicitCoverArt: jsonb('explicit_cover_art')
      .$type<ExplicitCoverArt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cover: jsonb('cover').$type<CoverFiles>(),
    // Kept in the same transaction as the entries they summarise.
    ratingsCount: integer('ratings_count').notNull().default(0),
    ratingsSum: integer('ratings_sum').notNull().default(0),
    ratingsAvg: doublePrecision('ratings_avg'),
    entriesCount: integer('entries_count').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /**
     * Title, Latin title and credited artists' names, folded (see
     * search-text.ts). Kept by triggers where releases, their credits and
     * artists change (the search migration); bulk loads that turn triggers
     * off rebuild it (db/search-text-sql.ts).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The visible artists credited, in credit order, as every card shows
     * them: what a list of releases would otherwise look up row by row (two
     * thirds of the database's time for a page of them). Kept by triggers
     * where credits and artists change (the artist credits migration); bulk
     * loads that turn triggers off rebuild it (db/copies-sql.ts).
     */
    artistCredits: json('artist_credits')
      .$type<ArtistRef[]>()
      .notNull()
      .default(sql`'[]'::json`),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...lifecycle,
    ...timestamps,
  },
  (t) => [
    // With the id, the orders of new, upcoming and recently-added over the visible
    // releases: keyset pages walk them and totals count them, from the index alone.
    index('releases_date_idx')
      .on(t.date, t.createdAt, t.id)
      .where(sql`not ${t.pendingDeletion} and ${t.mergedIntoId} is null`),
    index('releases_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.pendingDeletion} and ${t.mergedIntoId} is null`),
    // With the id, so a release's type and date can be read from this index alone.
    index('releases_type_date_idx').on(t.type, t.date, t.id),
    index('releases_ratings_idx').on(t.ratingsCount, t.ratingsAvg),
    // The visible candidates of the top lists with what their score reads, so
    // a deep page of "top" or its total reads this index alone.
    index('releases_top_idx')
      .on(t.ratingsCount, t.ratingsSum, t.id)
      .where(
        sql`${t.type} in (${sql.raw(TOP_TYPES.join(', '))}) and not ${t.pendingDeletion} and ${t.mergedIntoId} is null`,
      ),
    // The few hidden releases, so counting a list's hidden items costs what is hidden.
    index('releases_hidden_idx')
      .on(t.id)
      .where(sql`${t.pendingDeletion} or ${t.mergedIntoId} is not null`),
    index('releases_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(searchIndexOptions),
    check('releases_date_precision_ck', sql`${t.datePrecision} in ('day', 'month', 'year')`),
  ],
);

/**
 * The sum of every release's `reviews_count` (visible accounts' reviews,
 * hidden releases included), spread over 16 rows (slots) by a hash of
 * the release id so concurrent reviews on different releases rarely wait on
 * one row. Kept by a trigger on `releases` (the site counts migration), so
 * every path that moves a release's counter moves it too; the recount
 * (db/recount-sql.ts) sets it from the entries for loads with triggers off.
 */
export const siteCounts = pgTable('site_counts', {
  slot: smallint('slot').primaryKey(),
  reviews: integer('reviews').notNull().default(0),
  // Published lists, hidden accounts' included, in slots by list id: kept by
  // triggers on `lists` (the site's published lists migration).
  publishedLists: integer('published_lists').notNull().default(0),
});

/**
 * Visible accounts' reviews by the UTC day they were written (hidden
 * releases included), in the same 16 slots by release as `site_counts`.
 * Kept by triggers on `entries` (a review written, removed or moved) and on
 * `users` (an account hidden or shown again), so the site's top reviews of
 * recent weeks are counted from a few dozen rows; the recount sets it from
 * the entries for loads with triggers off.
 */
export const reviewDays = pgTable(
  'review_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.slot] }),
    // A window of days summed from the index alone: the table's rows of a window
    // lie spread over its blocks (480 rows in 90 on the large dataset).
    index('review_days_day_reviews_idx').on(t.day, t.reviews),
  ],
);

export const releaseArtists = pgTable(
  'release_artists',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    ...releaseCopies,
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.artistId] }),
    index('release_artists_artist_idx').on(t.artistId),
    ...listOrderIndexes('release_artists_artist', t, t.artistId),
  ],
);

export const releaseLabels = pgTable(
  'release_labels',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    ...releaseCopies,
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.labelId] }),
    index('release_labels_label_idx').on(t.labelId),
    ...listOrderIndexes('release_labels_label', t, t.labelId),
  ],
);

export const releaseLanguages = pgTable(
  'release_languages',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    languageId: text('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.languageId] })],
);

export const tracks = pgTable(
  'tracks',
  {
    id: text('id').primaryKey(),
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** Track number or label as printed ('1', 'A1', 'B2'). */
    track: text('track').notNull(),
    title: text('title').notNull(),
    durationMs: integer('duration_ms'),
    order: smallint('order').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
  },
  (t) => [index('tracks_release_order_idx').on(t.releaseId, t.order)],
);

/** One vote per user for a genre on a release. */
export const releaseGenreVotes = pgTable(
  'release_genre_votes',
  {
    id: text('id').primaryKey(),
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    genreId: text('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('release_genre_votes_user_key').on(t.releaseId, t.genreId, t.userId),
    index('release_genre_votes_user_idx').on(t.userId),
    check('release_genre_votes_vote_ck', sql`${t.vote} in (-1, 1)`),
  ],
);

/** The derived per-release genre score (net votes), kept with the votes. */
export const releaseGenres = pgTable(
  'release_genres',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    genreId: text('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    ...releaseCopies,
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.genreId] }),
    // A release is listed under a genre while the genre's net score on it is positive.
    ...listOrderIndexes('release_genres_genre', t, t.genreId, sql`${t.score} > 0`),
    index('release_genres_genre_score_idx').on(t.genreId, t.score),
    // The genres a release belongs to (net score above zero), read from the
    // index alone: a user's genre chart and the genre filters look up one per entry.
    index('release_genres_belongs_idx')
      .on(t.releaseId, t.genreId)
      .where(sql`${t.score} > 0`),
  ],
);
