import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who follows whom. The primary key makes following idempotent and serves
 * "whom does X follow" (newest first via the follower's rows); the index on
 * `following_id` serves "who follows X". The users' followers_count and
 * following_count change in the same transaction as these rows.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: text('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index('follows_following_idx').on(t.followingId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
