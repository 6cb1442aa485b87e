/**
 * Stored notifications: written in the unit of work of what caused them (a
 * follow, a comment, a like), so they commit or roll back with it, and
 * pushed live after the commit (the `notification` event). Nobody is
 * notified of what they did themselves. Notifications whose actor's account
 * is hidden (banned, deleted) are left out of the list and the unread
 * count, and come back with an unban.
 */
import { and, count, desc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NotificationKind,
  type Notification,
  type PagedNotifications,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { pageLimit, pageOffset } from '../../db/page-bounds';
import { notifications, type NotificationRow } from '../../db/schema/comments';
import { users, type UserRow } from '../../db/schema/users';
import { visibleAccountAlias } from '../../db/visibility';
import { newId } from '../../lib/ids';
import { pageFields } from '../../lib/keyset-page';
import { transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import type { userRefColumns } from '../users/present';
import { toUserRef, type UserRefColumns } from '../users/present';
import { withFields } from '../../lib/objects';

export interface NewNotification {
  /** Who is told. */
  userId: string;
  /** Who caused it; null for a message from the site's admins. */
  actor: UserRefColumns | null;
  kind: NotificationKind;
  message: string;
  link: string | null;
  /** What it is about (see the table): a comment, a liked list. */
  subjectId?: string | null;
}

function present(row: NotificationRow, actor: UserRefColumns | null): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    user: actor ? toUserRef(actor) : null,
  };
}

/**
 * Stores the notifications in the unit of work and records their live push.
 * Those to their own actor are dropped; a like already notified (the same
 * liker, list and owner) is not stored again. Returns those stored.
 */
export async function storeNotifications(
  uow: UnitOfWork,
  items: readonly NewNotification[],
): Promise<Notification[]> {
  const wanted = items.filter((n) => n.actor?.id !== n.userId);
  if (wanted.length === 0) return [];
  const rows = await uow.tx
    .insert(notifications)
    .values(
      wanted.map((n) => ({
        id: newId(),
        userId: n.userId,
        actorId: n.actor?.id ?? null,
        kind: n.kind,
        message: n.message,
        link: n.link,
        subjectId: n.subjectId ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const actors = new Map(wanted.map((n) => [n.actor?.id ?? null, n.actor]));
  return rows.map((row) => {
    const notification = present(row, actors.get(row.actorId) ?? null);
    uow.publish({ type: 'notification', userId: row.userId, notification });
    return notification;
  });
}

/** Deletes the notifications about these subjects (deleted comments, a deleted list). */
export async function forgetSubjects(uow: UnitOfWork, subjectIds: readonly string[]) {
  await uow.tx.delete(notifications).where(inArray(notifications.subjectId, [...subjectIds]));
}

/** Stores one notification in the unit of work (see storeNotifications). */
export async function notify(uow: UnitOfWork, item: NewNotification): Promise<void> {
  await storeNotifications(uow, [item]);
}

/** A message from the site's admins to one user (kind 'other', no actor). */
export async function notifyUser(
  scope: WriteScope,
  userId: string,
  message: string,
  link: string | null = null,
): Promise<Notification | null> {
  return transact(scope, async (uow) => {
    const [stored] = await storeNotifications(uow, [
      { userId, actor: null, kind: NotificationKind.OTHER, message, link },
    ]);
    return stored ?? null;
  });
}

const actor = alias(users, 'actor');
const actorColumns = {
  id: actor.id,
  username: actor.username,
  name: actor.name,
  imageSm: actor.imageSm,
  imageMd: actor.imageMd,
  supporter: actor.supporter,
} satisfies Record<keyof typeof userRefColumns, unknown>;

/** The viewer's notifications that show: no actor, or an actor whose account is visible. */
function shown(viewerId: Placeholder, ...more: Parameters<typeof and>) {
  return and(
    eq(notifications.userId, viewerId),
    or(isNull(notifications.actorId), visibleAccountAlias('actor')),
    ...more,
  );
}

const viewerId = sql.placeholder('viewerId');

// Prepared, as the statements below: planning them cost more than running them.
const pageRows = preparedPer((db) =>
  db
    .select({ row: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(shown(viewerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageLimit(NOTIFICATIONS_PAGE_SIZE))
    .offset(pageOffset(sql.placeholder('offset')))
    .prepare('notifications_page'),
);

/** How many of the viewer's notifications show, with `more` conditions. */
function countShown(name: string, ...more: Parameters<typeof and>) {
  return preparedPer((db) =>
    db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .where(shown(viewerId, ...more))
      .prepare(name),
  );
}

const countAll = countShown('notifications_count');
const countUnread = countShown('notifications_unread_count', eq(notifications.read, false));

/** One page of the viewer's notifications, newest first. */
export async function notificationsPage(
  db: DbOrTx,
  viewer: UserRow,
  page: number,
): Promise<PagedNotifications> {
  const pageSize = NOTIFICATIONS_PAGE_SIZE;
  const before = (page - 1) * pageSize;
  const [rows, [total]] = await Promise.all([
    pageRows(db).execute({ viewerId: viewer.id, offset: before }),
    countAll(db).execute({ viewerId: viewer.id }),
  ]);
  const { nextCursor: _, ...fields } = pageFields({
    totalItems: total?.n ?? 0,
    pageSize,
    before,
    currentItems: rows.length,
    nextCursor: null,
  });
  return withFields(fields, {
    notifications: rows.map((r) => present(r.row, r.actor?.id ? r.actor : null)),
  });
}

/** How many of the viewer's notifications that show are unread. */
export async function unreadCount(db: DbOrTx, viewer: UserRow): Promise<{ count: number }> {
  const [row] = await countUnread(db).execute({ viewerId: viewer.id });
  return { count: row?.n ?? 0 };
}

/** Marks every notification of the viewer read. */
export async function markAllRead(scope: WriteScope, viewer: UserRow): Promise<void> {
  await transact(scope, async (uow) => {
    await uow.tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, viewer.id), eq(notifications.read, false)));
  });
}
