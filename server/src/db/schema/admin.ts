import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit log: every admin action, who did it, to what, when, and the
 * state before and after (as the action records it). Rows are never changed
 * or deleted by the application; an admin whose account goes keeps their
 * rows with the actor set to null.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, walked by keyset.
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
