import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A comment in a thread: `entity_type` is a CommentTargetKind and
 * `entity_id` the id of the thing (a user for the shoutbox, an entry for a
 * review, a list, a release, a track, a submission). A thread is read newest
 * first, a page at a time, from its index. The comments_count of reviews and
 * lists change in the same transaction (see db/recount-sql).
 */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: smallint('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_thread_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId, t.entityType, t.entityId),
  ],
);

/**
 * A stored notification for `user_id`, caused by `actor_id` (null for a
 * message from the site's admins). `message` and `link` are written when it
 * is made. `subject_id` is what it is about: the comment of a comment or
 * mention notification (they go when it is deleted), the list of a like
 * (one per liker and list, whatever they unlike and like again).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: smallint('kind').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    subjectId: text('subject_id'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
    index('notifications_subject_idx')
      .on(t.subjectId)
      .where(sql`${t.subjectId} is not null`),
    uniqueIndex('notifications_like_key')
      .on(t.userId, t.actorId, t.subjectId)
      .where(sql`${t.kind} = 40`),
  ],
);

/**
 * A report of something that breaks the rules, for the moderation queue.
 * `type` is a report type (release, artist, label, user, review, list,
 * comment); one open report per reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'open' | 'resolved' | 'dismissed'>().notNull().default('open'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_open_key')
      .on(t.userId, t.type, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
