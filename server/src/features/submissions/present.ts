import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  diffSubmission,
  type SubmissionCard,
  type SubmissionDetail,
  type SubmissionKind,
  type SubmissionMethod,
  type SubmissionStatus,
  type VoteType,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { submissionVotes, submissions } from '../../db/schema/submissions';
import { users } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { toUserRef, userRefColumns, type UserRefColumns } from '../users/present';
import { specOf } from './kinds';

export type SubmissionRow = typeof submissions.$inferSelect;

/** What a card is read from: the submission and its author (joined as `users`). */
export const cardColumns = { row: submissions, author: userRefColumns };

export interface CardSource {
  row: SubmissionRow;
  author: UserRefColumns;
}

/** The votes of visible accounts on these submissions, oldest first, by submission. */
async function votesOf(db: DbOrTx, ids: readonly string[]) {
  const byId = new Map<string, SubmissionCard['votes']>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      submissionId: submissionVotes.submissionId,
      vote: submissionVotes.vote,
      voter: userRefColumns,
    })
    .from(submissionVotes)
    .innerJoin(users, eq(users.id, submissionVotes.userId))
    .where(and(inArray(submissionVotes.submissionId, [...ids]), visibleAccount()))
    .orderBy(asc(submissionVotes.createdAt), asc(submissionVotes.userId));
  for (const r of rows) {
    const list = byId.get(r.submissionId) ?? [];
    list.push({ userId: r.voter.id, user: toUserRef(r.voter), type: r.vote as VoteType });
    byId.set(r.submissionId, list);
  }
  return byId;
}

/** Cards of these rows, in their order, with their visible voters. */
export async function toCards(
  db: DbOrTx,
  sources: readonly CardSource[],
): Promise<SubmissionCard[]> {
  const votes = await votesOf(
    db,
    sources.map((s) => s.row.id),
  );
  return sources.map(({ row, author }) => {
    const kind = row.kind as SubmissionKind;
    return {
      id: row.id,
      kind,
      method: row.method as SubmissionMethod,
      submissionStatus: row.status as SubmissionStatus,
      entityId: row.entityId,
      entityName: specOf(kind).title(row.changes),
      user: toUserRef(author),
      votes: votes.get(row.id) ?? [],
      commentsCount: row.commentsCount,
      createdAt: row.createdAt.toISOString(),
      appliedAt: row.appliedAt?.toISOString() ?? null,
      note: row.note,
      original: row.original ?? null,
      changes: row.changes,
    };
  });
}

/** A card with the field-by-field difference between its original and its changes. */
export function withDiff(card: SubmissionCard): SubmissionDetail {
  return {
    ...card,
    diff: diffSubmission(card.kind, card.original, card.changes),
  };
}

/** One submission of a kind whose author is visible, as a card; null otherwise. */
export async function findCard(
  db: DbOrTx,
  kind: SubmissionKind,
  id: string,
): Promise<SubmissionCard | null> {
  const [source] = await db
    .select(cardColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.id, id), eq(submissions.kind, kind), visibleAccount()))
    .limit(1);
  if (!source) return null;
  const [card] = await toCards(db, [source]);
  return card!;
}
