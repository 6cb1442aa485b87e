/**
 * What admins change about a user: the contributor status (what they may
 * do with the catalogue) and the supporter badge. Each change drops the
 * cached pages that show the user.
 */
import { eq, sql } from 'drizzle-orm';
import {
  ContributorStatus,
  LAST_ADMIN_MESSAGE,
  isAdmin,
  type Notification,
  type SupporterStatus,
} from '@earmark/common';
import type { Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { userWriteTags } from '../../lib/cache-tags';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { transact, type WriteScope } from '../../lib/unit-of-work';
import { notifyUser } from '../notifications/service';
import { recordAdminAction } from './audit';

export const USER_NOT_FOUND = 'User not found';

/** Admin calls answer 403 to everyone else (401 signed out comes from the session guard). */
export function assertAdmin(actor: UserRow): void {
  if (!isAdmin(actor)) throw forbidden('Only admins may do this');
}

/** The user's row, locked until the transaction ends; 404 when there is none. */
async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function setContributorStatus(
  scope: WriteScope,
  actor: UserRow,
  userId: string,
  status: ContributorStatus,
): Promise<UserRow> {
  assertAdmin(actor);
  return transact(scope, async (uow) => {
    if (status !== ContributorStatus.ADMIN) {
      // Every admin row is locked, so two admins demoting each other at once
      // cannot leave none: the second waits and then sees the first's change.
      const admins = await uow.tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.contributorStatus, ContributorStatus.ADMIN))
        .for('update');
      const demotesAnAdmin = admins.some((admin) => admin.id === userId);
      if (demotesAnAdmin && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const before = await lockUser(uow.tx, userId);
    const [row] = await uow.tx
      .update(users)
      .set({ contributorStatus: status, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await recordAdminAction(uow.tx, {
      actorId: actor.id,
      action: 'contributor-status',
      targetType: 'user',
      targetId: userId,
      before: { contributorStatus: before.contributorStatus },
      after: { contributorStatus: status },
    });
    uow.invalidate(...userWriteTags(userId));
    return row!;
  });
}

export async function setSupporterStatus(
  scope: WriteScope,
  actor: UserRow,
  userId: string,
  supporter: SupporterStatus,
): Promise<UserRow> {
  assertAdmin(actor);
  return transact(scope, async (uow) => {
    const before = await lockUser(uow.tx, userId);
    const [row] = await uow.tx
      .update(users)
      .set({ supporter, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await recordAdminAction(uow.tx, {
      actorId: actor.id,
      action: 'supporter-status',
      targetType: 'user',
      targetId: userId,
      before: { supporter: before.supporter },
      after: { supporter },
    });
    uow.invalidate(...userWriteTags(userId));
    return row!;
  });
}

/** Sends a user a message from the admins ('other' notification), stored and delivered live. */
export async function sendAdminMessage(
  scope: WriteScope,
  actor: UserRow,
  input: { userId: string; message: string; link?: string | null },
): Promise<Notification> {
  assertAdmin(actor);
  return transact(scope, async (uow) => {
    const user = await lockUser(uow.tx, input.userId);
    const sent = await notifyUser(uow, user.id, input.message, input.link ?? null);
    if (!sent) throw new Error('The admin message was not stored');
    await recordAdminAction(uow.tx, {
      actorId: actor.id,
      action: 'notification',
      targetType: 'user',
      targetId: user.id,
      after: { notificationId: sent.id, message: sent.message, link: sent.link },
    });
    return sent;
  });
}
