import { sql } from 'drizzle-orm';
import type { ExplicitCoverArt } from '@earmark/common';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { releases, type CoverFiles } from './catalogue';
import { users } from './users';

/**
 * A user's list of releases. A new list is a draft (`published` false) until
 * its owner publishes it. `items_count` and `likes_count` change in the same
 * transaction as the rows they count (see db/recount-sql); `comments_count`
 * is kept by the comments feature.
 *
 * The sorts of GET lists read published lists only, each with an index in
 * its order ending with the id: new (publication time, drafts in their
 * owner's view by creation time), popular (likes, then new) and updatedDate.
 *
 * `covers` is a copy of the list's first MOSAIC_SIZE visible releases' ids
 * and covers, in rank order, kept by triggers on list_items and releases
 * (see the migrations), so a page of lists reads no item or release.
 */
export const lists = pgTable(
  'lists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    grid: boolean('grid').notNull().default(false),
    ranked: boolean('ranked').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    itemsCount: integer('items_count').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    covers: jsonb('covers')
      .$type<ListCoverCopy[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => {
    const published = sql`${t.published}`;
    const newKey = sql`coalesce(${t.publishedAt}, ${t.createdAt})`;
    return [
      index('lists_new_idx').on(newKey, t.id).where(published),
      index('lists_popular_idx').on(t.likesCount, newKey, t.id).where(published),
      index('lists_updated_idx').on(t.updatedAt, t.id).where(published),
      index('lists_user_idx').on(t.userId, t.updatedAt, t.id),
    ];
  },
);

/** A release's part of its list's cover mosaic, as lists.covers holds it. */
export interface ListCoverCopy {
  id: string;
  cover: CoverFiles | null;
  explicitCoverArt: ExplicitCoverArt[];
}

/**
 * A release in a list, at a 0-based `position` (its rank). Positions of a
 * list run 0..n-1: an append takes n, a removal closes the gap and a
 * reorder rewrites them all in one statement. They are indexed, not
 * unique, so that statement may swap positions without passing through a
 * collision.
 */
export const listItems = pgTable(
  'list_items',
  {
    id: text('id').primaryKey(),
    listId: text('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('list_items_list_release_key').on(t.listId, t.releaseId),
    index('list_items_list_position_idx').on(t.listId, t.position, t.id),
    index('list_items_release_idx').on(t.releaseId, t.listId),
  ],
);

/** One like per user and list; the primary key makes liking idempotent. */
export const listLikes = pgTable(
  'list_likes',
  {
    listId: text('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.userId] }),
    index('list_likes_user_idx').on(t.userId, t.listId),
  ],
);

export type ListRow = typeof lists.$inferSelect;
export type ListItemRow = typeof listItems.$inferSelect;
