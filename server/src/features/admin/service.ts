/**
 * What admins change about a user: the contributor status (what they may
 * do with the catalogue) and the supporter badge. Each change drops the
 * cached pages that show the user.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AccountStatus,
  ContributorStatus,
  DELETED_ACCOUNT_MESSAGE,
  LAST_ADMIN_MESSAGE,
  OWN_ACCOUNT_STATUS_MESSAGE,
  isHiddenAccount,
  isAdmin,
  type Notification,
  type SupporterStatus,
} from '@earmark/common';
import type { Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { userWriteTags } from '../../lib/cache-tags';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { transact, type WriteScope, type Writer } from '../../lib/unit-of-work';
import { notifyUser } from '../notifications/service';
import { changeAccountStatus } from '../users/service';
import { removeAvatarFiles } from '../users/avatar';
import { recordAdminAction } from './audit';

export const USER_NOT_FOUND = 'User not found';

/** Admin calls answer 403 to everyone else (401 signed out comes from the session guard). */
export function assertAdmin(actor: UserRow): void {
  if (!isAdmin(actor)) throw forbidden('Only admins may do this');
}

/**
 * Refuses to take the last active admin away (a demotion, a ban or a
 * deletion). Every admin row is locked first, so two admins acting on each
 * other at once cannot leave none: the second waits and sees the first.
 */
async function assertNotLastAdmin(tx: Tx, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id, status: users.accountStatus })
    .from(users)
    .where(eq(users.contributorStatus, ContributorStatus.ADMIN))
    .for('update');
  const active = admins.filter((admin) => !isHiddenAccount(admin.status));
  if (active.some((admin) => admin.id === userId) && active.length <= 1) {
    throw conflict(LAST_ADMIN_MESSAGE);
  }
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
    if (status !== ContributorStatus.ADMIN) await assertNotLastAdmin(uow.tx, userId);
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

/**
 * An account's name once deleted: `deleted-` and a digest of its id, so it
 * stays unique (usernames are unique in any case) and says nothing of who it was.
 */
export function deletedUsername(userId: string): string {
  return `deleted-${createHash('sha256').update(userId).digest('hex').slice(0, 20)}`;
}

/**
 * Sets an account's status. A ban (or a deletion) ends the user's sessions
 * and sockets and hides everything they made through the visibility rule;
 * an unban shows it again. A deletion is for good: the account is
 * anonymised (username, name, email, picture and settings cleared) and can
 * no longer be changed. Admins cannot change their own status, and the last
 * active admin cannot be banned or deleted.
 */
export async function setAccountStatus(
  scope: Writer,
  dataDir: string,
  actor: UserRow,
  userId: string,
  status: AccountStatus,
): Promise<UserRow> {
  assertAdmin(actor);
  if (actor.id === userId) throw conflict(OWN_ACCOUNT_STATUS_MESSAGE);
  const { row, images } = await transact(scope, async (uow) => {
    if (isHiddenAccount(status)) await assertNotLastAdmin(uow.tx, userId);
    const before = await lockUser(uow.tx, userId);
    if (before.accountStatus === AccountStatus.DELETED) throw conflict(DELETED_ACCOUNT_MESSAGE);
    await changeAccountStatus(uow, userId, status);
    let images: string[] = [];
    if (status === AccountStatus.DELETED) {
      const username = deletedUsername(userId);
      await uow.tx
        .update(users)
        .set({
          username,
          email: `${username}@deleted.invalid`,
          name: null,
          imageSm: null,
          imageMd: null,
          theme: null,
          allowExplicitCoverArt: [],
          supporter: 0,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      images = [before.imageSm, before.imageMd].filter((f): f is string => !!f);
    }
    await recordAdminAction(uow.tx, {
      actorId: actor.id,
      action: 'account-status',
      targetType: 'user',
      targetId: userId,
      before: { accountStatus: before.accountStatus },
      after: { accountStatus: status },
    });
    const [row] = await uow.tx.select().from(users).where(eq(users.id, userId));
    return { row: row!, images };
  });
  await removeAvatarFiles(scope.db, dataDir, images);
  return row;
}
