import { and, eq, sql } from 'drizzle-orm';
import { NotificationKind, isLockedOut, type FollowReply } from '@earmark/common';
import type { Tx } from '../../db/client';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { cacheTags } from '../../lib/cache-tags';
import { badRequest, notFound } from '../../lib/errors';
import { transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import { notify } from '../notifications/service';
import { USER_NOT_FOUND } from '../users/service';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';

/**
 * Called inside the unit of work that created a follow (never for a repeated
 * follow). It records the 'follow' live event, published after the commit,
 * and stores the follow notification for `followed`, so it commits or rolls
 * back with the follow.
 */
async function onFollowed(uow: UnitOfWork, follower: UserRow, followed: UserRow): Promise<void> {
  uow.publish({ type: 'follow', followerId: follower.id, followedId: followed.id });
  await notify(uow, {
    userId: followed.id,
    actor: follower,
    kind: NotificationKind.FOLLOW,
    message: 'started following you',
    link: `/${follower.username}`,
  });
}

/** The user to follow or unfollow: not oneself, and an active account. */
async function findTarget(tx: Tx, actor: UserRow, userId: string): Promise<UserRow> {
  if (actor.id === userId) throw badRequest(CANNOT_FOLLOW_SELF);
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target || isLockedOut(target.accountStatus)) throw notFound(USER_NOT_FOUND);
  return target;
}

/**
 * Moves both users' counters by `delta`. The two rows are updated in id
 * order so that A following B while B follows A cannot deadlock.
 */
async function moveCounters(
  tx: Tx,
  followerId: string,
  followingId: string,
  delta: 1 | -1,
): Promise<number> {
  let followersCount = 0;
  for (const id of [followerId, followingId].sort()) {
    if (id === followerId) {
      await tx
        .update(users)
        .set({ followingCount: sql`${users.followingCount} + ${delta}` })
        .where(eq(users.id, id));
    } else {
      const [row] = await tx
        .update(users)
        .set({ followersCount: sql`${users.followersCount} + ${delta}` })
        .where(eq(users.id, id))
        .returning({ followersCount: users.followersCount });
      followersCount = row!.followersCount;
    }
  }
  return followersCount;
}

/** Follows a user; following again changes nothing. */
export async function follow(
  scope: WriteScope,
  actor: UserRow,
  userId: string,
): Promise<FollowReply> {
  return transact(scope, async (uow) => {
    const { tx } = uow;
    const target = await findTarget(tx, actor, userId);
    // The primary key decides between concurrent requests: one inserts, the others do nothing.
    const inserted = await tx
      .insert(follows)
      .values({ followerId: actor.id, followingId: target.id })
      .onConflictDoNothing()
      .returning({ followingId: follows.followingId });
    if (inserted.length === 0) {
      return { following: true, followersCount: target.followersCount };
    }
    const followersCount = await moveCounters(tx, actor.id, target.id, 1);
    // Both profiles show follower and following counts.
    uow.invalidate(cacheTags.user(actor.id), cacheTags.user(target.id));
    await onFollowed(uow, actor, target);
    return { following: true, followersCount };
  });
}

/** Stops following a user; unfollowing someone not followed changes nothing. */
export async function unfollow(
  scope: WriteScope,
  actor: UserRow,
  userId: string,
): Promise<FollowReply> {
  return transact(scope, async (uow) => {
    const { tx } = uow;
    const target = await findTarget(tx, actor, userId);
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, actor.id), eq(follows.followingId, target.id)))
      .returning({ followingId: follows.followingId });
    if (deleted.length === 0) {
      return { following: false, followersCount: target.followersCount };
    }
    const followersCount = await moveCounters(tx, actor.id, target.id, -1);
    uow.invalidate(cacheTags.user(actor.id), cacheTags.user(target.id));
    return { following: false, followersCount };
  });
}
