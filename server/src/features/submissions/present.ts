import { and, eq, sql } from 'drizzle-orm';
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
import { jsonList } from '../../db/json-list';
import { submissions } from '../../db/schema/submissions';
import { users } from '../../db/schema/users';
import { visibleAccount, visibleAccountAlias } from '../../db/visibility';
import { toUserRef, userRefColumns, type UserRefColumns } from '../users/present';
import { specOf } from './kinds';
import { withFields } from '../../lib/objects';

export type SubmissionRow = typeof submissions.$inferSelect;

/** A visible voter of a submission, as the votes column lists them. */
type VoteSource = UserRefColumns & { vote: number };

/**
 * The votes of visible accounts on the submission, oldest first, as a JSON
 * column of a query on `submissions`.
 */
const votesJson = jsonList<VoteSource>(sql`select json_agg(json_build_object(
    'vote', v.vote, 'id', u.id, 'username', u.username, 'name', u.name,
    'imageSm', u.image_sm, 'imageMd', u.image_md, 'supporter', u.supporter)
    order by v.created_at, v.user_id)
  from submission_votes v join users u on u.id = v.user_id
  where v.submission_id = ${submissions.id} and ${visibleAccountAlias('u')}`);

/** What a card is read from: the submission, its author (joined as `users`) and its votes. */
export const cardColumns = { row: submissions, author: userRefColumns, votes: votesJson };

export interface CardSource {
  row: SubmissionRow;
  author: UserRefColumns;
  votes: readonly VoteSource[];
}

/** The card of a submission read with its author and votes. */
export function toCard({ row, author, votes }: CardSource): SubmissionCard {
  const kind = row.kind as SubmissionKind;
  return {
    id: row.id,
    kind,
    method: row.method as SubmissionMethod,
    submissionStatus: row.status as SubmissionStatus,
    entityId: row.entityId,
    entityName: specOf(kind).title(row.changes),
    user: toUserRef(author),
    votes: votes.map((v) => ({ userId: v.id, user: toUserRef(v), type: v.vote as VoteType })),
    commentsCount: row.commentsCount,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    note: row.note,
    original: row.original ?? null,
    changes: row.changes,
  };
}

/** A card with the field-by-field difference between its original and its changes. */
export function withDiff(card: SubmissionCard): SubmissionDetail {
  return withFields(card, { diff: diffSubmission(card.kind, card.original, card.changes) });
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
  return source ? toCard(source) : null;
}
