import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who follows whom. The primary key makes following idempotent. The two
 * lists read newest follow first with the listed user's id breaking ties,
 * and each has an index in that order for its cursor pages: "who follows X"
 * (`following_id`, then time and follower) and "whom does X follow"
 * (`follower_id`, then time and followed user). The users' followers_count
 * and following_count change in the same transaction as these rows.
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
    index('follows_following_idx').on(t.followingId, t.createdAt, t.followerId),
    index('follows_follower_idx').on(t.followerId, t.createdAt, t.followingId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
