/**
 * The audit log of admin actions. Each admin write records its entry in the
 * same transaction as the change, so the log holds exactly what happened.
 */
import { eq } from 'drizzle-orm';
import type { AdminAction, AuditPage } from '@earmark/common';
import type { DbOrTx, Tx } from '../../db/client';
import { adminActions } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import { newId } from '../../lib/ids';
import { keyColumns, orderByKeys, type SortKey } from '../../lib/keyset';
import { readKeysetPage } from '../../lib/keyset-page';
import { toUserRef, userRefColumns } from '../users/present';

export interface AdminActionRecord {
  actorId: string;
  action: AdminAction;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordAdminAction(tx: Tx, entry: AdminActionRecord): Promise<void> {
  await tx.insert(adminActions).values({
    id: newId(),
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const KEYS: SortKey[] = [
  { expr: adminActions.createdAt, type: 'timestamptz', desc: true },
  { expr: adminActions.id, type: 'text', desc: true },
];

/** The log, newest first, by page number or cursor. */
export async function readAuditLog(
  db: DbOrTx,
  request: { page: number; pageSize: number; cursor?: string },
): Promise<AuditPage> {
  const { rows, fields } = await readKeysetPage(
    {
      name: 'audit',
      keys: KEYS,
      rows: (limit, offset, after) =>
        db
          .select({ entry: adminActions, actor: userRefColumns, ...keyColumns(KEYS) })
          .from(adminActions)
          .leftJoin(users, eq(users.id, adminActions.actorId))
          .where(after?.condition)
          .orderBy(...orderByKeys(KEYS))
          .limit(limit)
          .offset(offset),
      total: () => db.$count(adminActions),
    },
    request,
  );
  return {
    ...fields,
    actions: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor?.id ? toUserRef(actor) : null,
      action: entry.action as AdminAction,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
