import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SubmissionKind } from '@earmark/common';
import { users } from './users';

/**
 * Every catalogue change is a submission: one table for the four kinds
 * (release, artist, label, genre). `original` is the entity's state before
 * (null for a create), `changes` the state it proposes; both are the kind's
 * snapshot shape (common/src/schemas/submissions). `applied_at` is set when
 * the change reached the entity table, so an entity's history is its rows
 * with `applied_at`, newest first.
 *
 * `entity_id` is the id of the entity created or changed; for a genre create
 * that is still open it is the id the genre will get once approved.
 * Counters (`comments_count`, `upvotes`, `downvotes`) change in the same
 * transaction as the rows they count.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<SubmissionKind>().notNull(),
    method: smallint('method').notNull(),
    status: smallint('status').notNull(),
    entityId: text('entity_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    original: jsonb('original').$type<Record<string, unknown>>(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    // The lists: a kind's submissions by status, newest or oldest first (keyset with the id).
    index('submissions_kind_status_created_idx').on(t.kind, t.status, t.createdAt, t.id),
    index('submissions_kind_created_idx').on(t.kind, t.createdAt, t.id),
    // One entity's submissions and its history (applied ones, newest first).
    index('submissions_entity_idx').on(t.kind, t.entityId, t.createdAt),
    index('submissions_entity_applied_idx')
      .on(t.kind, t.entityId, t.appliedAt, t.id)
      .where(sql`${t.appliedAt} is not null`),
    // A user's contributions, and the trusted promotion job's counts.
    index('submissions_user_idx').on(t.userId, t.kind, t.createdAt, t.id),
    // At most one open update per entity.
    uniqueIndex('submissions_one_open_update_key')
      .on(t.kind, t.entityId)
      .where(sql`${t.status} = 2 and ${t.method} = 2`),
    check('submissions_kind_ck', sql`${t.kind} in ('release', 'artist', 'label', 'genre')`),
    check('submissions_method_ck', sql`${t.method} in (1, 2)`),
    check('submissions_status_ck', sql`${t.status} in (1, 2, 3, 4, 5)`),
  ],
);

/** One vote per user per submission; a new vote replaces the old. */
export const submissionVotes = pgTable(
  'submission_votes',
  {
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.userId] }),
    index('submission_votes_user_idx').on(t.userId),
    check('submission_votes_vote_ck', sql`${t.vote} in (-1, 1)`),
  ],
);

/**
 * Jobs that must run once a day across every instance: the row of a job is
 * claimed with `last_run_on` (a day), so N instances run it once.
 */
export const scheduledJobRuns = pgTable('scheduled_job_runs', {
  name: text('name').primaryKey(),
  lastRunOn: text('last_run_on').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
