import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HIDDEN_ACCOUNT_STATUSES, type ExplicitCoverArt, type Theme } from '@earmark/common';
import { foldedNamesSql, searchIndexOptions } from './search-text';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    accountStatus: integer('account_status').notNull(),
    contributorStatus: integer('contributor_status').notNull(),
    supporter: integer('supporter').notNull().default(0),
    allowExplicitCoverArt: jsonb('allow_explicit_cover_art')
      .$type<ExplicitCoverArt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    theme: jsonb('theme').$type<Theme>(),
    imageSm: text('image_sm'),
    imageMd: text('image_md'),
    // Counters kept in step with the rows they count (entries, reviews, ratings, lists, follows).
    entriesCount: integer('entries_count').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    ratingsCount: integer('ratings_count').notNull().default(0),
    listsCount: integer('lists_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    searchText: text('search_text').notNull().generatedAlwaysAs(foldedNamesSql('username', 'name')),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
    // The few hidden accounts, so counting what they own costs what they own, not every user.
    index('users_hidden_idx')
      .on(t.id)
      .where(sql`${t.accountStatus} in (${sql.raw(HIDDEN_ACCOUNT_STATUSES.join(', '))})`),
    index('users_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with(searchIndexOptions),
  ],
);

/** Sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use account tokens (email confirmation, password reset), stored hashed. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'confirm-email' | 'reset-password'>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export type UserRow = typeof users.$inferSelect;
