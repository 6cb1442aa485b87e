import { and, eq, sql } from 'drizzle-orm';
import { NotificationKind, type ListLikeReply } from '@earmark/common';
import { listLikes, lists, type ListRow } from '../../db/schema/lists';
import type { UserRow } from '../../db/schema/users';
import { cacheTags } from '../../lib/cache-tags';
import { badRequest } from '../../lib/errors';
import { notify } from '../notifications/service';
import { transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import { requireReadableList } from './access';

export const CANNOT_LIKE_DRAFT = 'A draft cannot be liked';

/**
 * Called inside the unit of work that created a like (never for a repeated
 * like). It stores the owner's 'list like' notification, so it commits or
 * rolls back with the like, and records its live event on the unit of work.
 * A liker who unlikes and likes again does not notify the owner twice (the
 * notification's subject is the list).
 */
async function onListLiked(uow: UnitOfWork, liker: UserRow, list: ListRow): Promise<void> {
  await notify(uow, {
    userId: list.userId,
    actor: liker,
    kind: NotificationKind.LIKE,
    message: `liked your list ${list.title}`,
    link: `/list/${list.id}`,
    subjectId: list.id,
  });
}

/** Moves the list's count by the actor's like or unlike. */
async function moveLikes(
  uow: UnitOfWork,
  listId: string,
  actor: UserRow,
  delta: 1 | -1,
): Promise<number> {
  const [row] = await uow.tx
    .update(lists)
    .set({ likesCount: sql`${lists.likesCount} + ${delta}` })
    .where(eq(lists.id, listId))
    .returning({ likesCount: lists.likesCount });
  // The list's page, the pages of lists (popular sorts by likes), and the likes kept for the actor.
  uow.invalidate(cacheTags.list(listId), cacheTags.lists, cacheTags.reader(actor.id));
  return row!.likesCount;
}

/** Likes a published list the actor may see; liking again changes nothing. */
export async function likeList(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
): Promise<ListLikeReply> {
  return transact(scope, async (uow) => {
    const list = await requireReadableList(uow.tx, listId, actor);
    if (!list.published) throw badRequest(CANNOT_LIKE_DRAFT);
    const inserted = await uow.tx
      .insert(listLikes)
      .values({ listId, userId: actor.id })
      .onConflictDoNothing()
      .returning({ listId: listLikes.listId });
    if (inserted.length === 0) return { liked: true, likesCount: list.likesCount };
    const likesCount = await moveLikes(uow, listId, actor, 1);
    await onListLiked(uow, actor, list);
    return { liked: true, likesCount };
  });
}

/** Takes back the actor's like; unliking a list not liked changes nothing. */
export async function unlikeList(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
): Promise<ListLikeReply> {
  return transact(scope, async (uow) => {
    const list = await requireReadableList(uow.tx, listId, actor);
    const deleted = await uow.tx
      .delete(listLikes)
      .where(and(eq(listLikes.listId, listId), eq(listLikes.userId, actor.id)))
      .returning({ listId: listLikes.listId });
    if (deleted.length === 0) return { liked: false, likesCount: list.likesCount };
    return { liked: false, likesCount: await moveLikes(uow, listId, actor, -1) };
  });
}
