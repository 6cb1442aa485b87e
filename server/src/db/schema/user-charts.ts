import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a row of user_credit_counts counts the user's entries by (its
 * `kind`): an artist, label, genre or tag of theirs (`linked_id` its id),
 * their release's year or their rating's bucket (`linked_id` the year, or
 * the bucket from 0 to 10: the rating divided by ten).
 */
export const CreditKind = {
  artist: 1,
  label: 2,
  genre: 3,
  year: 4,
  ratingBucket: 5,
  tag: 6,
} as const;
export type CreditKind = (typeof CreditKind)[keyof typeof CreditKind];

/**
 * A user's entries on visible releases counted by each artist and label
 * their releases credit and each genre they belong to (the entries' copies
 * of those ids), by their release's year, by their rating's bucket and by
 * each of their tags, with the ratings' sum and average: the profile's
 * artist, label and genre charts are the first twenty of a user's rows of a
 * kind in chart_idx order, its release-date, rating and tag charts all of a
 * user's rows of theirs, where each read grouped all of the user's entries.
 * Kept by triggers (the user credit counts migration and those after it):
 * on every entry whose rating, release, tags or copies (of its release's
 * ids and date) change, and on every entry of a release hidden or shown
 * again (a pending deletion, a merge) or deleted. Rows reaching no
 * entries are removed. Its recount (recount-sql.ts) is the definition.
 */
export const userCreditCounts = pgTable(
  'user_credit_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint('kind').$type<CreditKind>().notNull(),
    linkedId: text('linked_id').notNull(),
    entries: integer('entries').notNull(),
    rated: integer('rated').notNull(),
    ratingSum: integer('rating_sum').notNull(),
    avgRating: doublePrecision('avg_rating').generatedAlwaysAs(
      sql`case when rated = 0 then null else rating_sum::float8 / rated end`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.linkedId] }),
    // The charts' order: by entries, ties by the average rating (unrated last), then by id.
    index('user_credit_counts_chart_idx').on(
      t.userId,
      t.kind,
      t.entries.desc(),
      t.avgRating.desc().nullsLast(),
      t.linkedId,
    ),
  ],
);
