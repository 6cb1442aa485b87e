import { and, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  HISTORY_PAGE_SIZE,
  SUBMISSIONS_PAGE_SIZE,
  SUBMISSION_KIND_PLURALS,
  SubmissionStatus,
  submissionEntityIdKey,
  type HistoryPage,
  type StatusCounts,
  type SubmissionDetail,
  type SubmissionKind,
  type SubmissionsPage,
  type UserContributions,
  type historyQuerySchema,
  type submissionsQuerySchema,
} from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { submissions } from '../../db/schema/submissions';
import { users } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { notFound } from '../../lib/errors';
import { keyColumns, orderByKeys, type SortKey } from '../../lib/keyset';
import { readKeysetPage } from '../../lib/keyset-page';
import { specOf } from './kinds';
import { cardColumns, findCard, toCard, withDiff } from './present';
import { SUBMISSION_NOT_FOUND } from './service';
import { withFields } from '../../lib/objects';

type ListQuery = z.output<typeof submissionsQuerySchema>;
type HistoryQuery = z.output<typeof historyQuerySchema>;

function createdKeys(desc: boolean): SortKey[] {
  return [
    { expr: submissions.createdAt, type: 'timestamptz', desc },
    { expr: submissions.id, type: 'text', desc },
  ];
}

/** A page of rows of visible authors in key order, by page number or cursor. */
async function cardPage(
  db: DbOrTx,
  name: string,
  keys: SortKey[],
  where: SQL,
  request: { page: number; cursor?: string; pageSize: number },
) {
  const { rows, fields } = await readKeysetPage(
    {
      name,
      keys,
      rows: (limit, offset, after) =>
        db
          .select({ ...cardColumns, ...keyColumns(keys) })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.userId))
          .where(and(where, after?.condition))
          .orderBy(...orderByKeys(keys))
          .limit(limit)
          .offset(offset),
      total: async () => {
        const [total] = await db
          .select({ n: count() })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.userId))
          .where(where);
        return total?.n ?? 0;
      },
    },
    request,
  );
  return { fields, cards: rows.map(toCard) };
}

/** GET submissions/{plural}: a kind's submissions, filtered, newest or oldest first. */
export async function listSubmissions(
  db: DbOrTx,
  kind: SubmissionKind,
  query: ListQuery,
): Promise<SubmissionsPage> {
  const entityId = query[submissionEntityIdKey[kind]];
  const where = and(
    eq(submissions.kind, kind),
    visibleAccount(),
    query.status !== undefined ? eq(submissions.status, query.status) : undefined,
    entityId ? eq(submissions.entityId, entityId) : undefined,
    query.userId ? eq(submissions.userId, query.userId) : undefined,
  )!;
  const { fields, cards } = await cardPage(
    db,
    `submissions:${kind}:${query.sortBy}`,
    createdKeys(query.sortBy === 'newest'),
    where,
    { page: query.page, cursor: query.cursor, pageSize: SUBMISSIONS_PAGE_SIZE },
  );
  return { ...fields, [SUBMISSION_KIND_PLURALS[kind]]: cards };
}

/** GET submissions/{kind}/{id}: the card with its diff; 404 when missing or its author is hidden. */
export async function submissionDetail(
  db: DbOrTx,
  kind: SubmissionKind,
  id: string,
): Promise<SubmissionDetail> {
  const card = await findCard(db, kind, id);
  if (!card) throw notFound(SUBMISSION_NOT_FOUND);
  return withDiff(card);
}

/** GET history/{kind}/{id}: the entity's applied submissions, newest first, with their diffs. */
export async function entityHistory(
  db: DbOrTx,
  kind: SubmissionKind,
  entityId: string,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const spec = specOf(kind);
  const current = await spec.readSnapshot(db, entityId);
  if (!current) throw notFound(spec.notFound);
  const keys: SortKey[] = [
    { expr: submissions.appliedAt, type: 'timestamptz', desc: true },
    { expr: submissions.id, type: 'text', desc: true },
  ];
  const where = and(
    eq(submissions.kind, kind),
    eq(submissions.entityId, entityId),
    isNotNull(submissions.appliedAt),
    visibleAccount(),
  )!;
  const { fields, cards } = await cardPage(db, `history:${kind}`, keys, where, {
    page: query.page,
    cursor: query.cursor,
    pageSize: HISTORY_PAGE_SIZE,
  });
  return withFields(fields, {
    entity: { id: entityId, name: spec.title(current) },
    changes: cards.map(withDiff),
  });
}

const STATUS_KEYS: Record<SubmissionStatus, keyof Omit<StatusCounts, 'total'>> = {
  [SubmissionStatus.AUTO_APPROVED]: 'autoApproved',
  [SubmissionStatus.OPEN]: 'open',
  [SubmissionStatus.APPROVED]: 'approved',
  [SubmissionStatus.DISAPPROVED]: 'disapproved',
  [SubmissionStatus.PENDING_ENTITY_DELETION]: 'pendingDeletion',
};

/** GET submissions/user-contributions/{userId}: a visible user's submissions by kind and status. */
export async function userContributions(db: DbOrTx, userId: string): Promise<UserContributions> {
  const rows = await db
    .select({ kind: submissions.kind, status: submissions.status, n: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.userId, userId), visibleAccount()))
    .groupBy(submissions.kind, submissions.status);
  const empty = (): StatusCounts => ({
    autoApproved: 0,
    open: 0,
    approved: 0,
    disapproved: 0,
    pendingDeletion: 0,
    total: 0,
  });
  const out: UserContributions = {
    releases: empty(),
    artists: empty(),
    labels: empty(),
    genres: empty(),
  };
  for (const r of rows) {
    const counts = out[SUBMISSION_KIND_PLURALS[r.kind]];
    counts[STATUS_KEYS[r.status as SubmissionStatus]] += r.n;
    counts.total += r.n;
  }
  return out;
}
