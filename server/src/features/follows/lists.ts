import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PagedUsers, pageQuerySchema } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { visibleAccount } from '../../db/visibility';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { requireVisibleUser } from '../users/service';
import { toUserRef, userRefColumns } from '../users/present';

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Which side of the follow rows a list reads. */
export type FollowDirection = 'followers' | 'following';

/**
 * A user's followers (or the users they follow), newest follow first.
 * Banned and deleted accounts are left out of the list and of its total, so
 * the total can be below the stored counter, which keeps them for an unban.
 */
export async function listFollows(
  db: DbOrTx,
  userId: string,
  direction: FollowDirection,
  query: PageQuery,
  viewer: UserRow | null,
): Promise<PagedUsers> {
  const user = await requireVisibleUser(db, userId, viewer);
  // "followers": rows pointing at the user, listing who follows; "following": the reverse.
  const [ownSide, listedSide] =
    direction === 'followers'
      ? [follows.followingId, follows.followerId]
      : [follows.followerId, follows.followingId];
  const where = and(eq(ownSide, user.id), visibleAccount());

  const followedByViewer: SQL<boolean> = viewer
    ? sql<boolean>`exists (select 1 from ${follows} vf
        where vf.follower_id = ${viewer.id} and vf.following_id = ${users.id})`
    : sql<boolean>`false`;

  const [rows, [total]] = await Promise.all([
    db
      .select({ ...userRefColumns, isFollowedByViewer: followedByViewer })
      .from(follows)
      .innerJoin(users, eq(users.id, listedSide))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(follows).innerJoin(users, eq(users.id, listedSide)).where(where),
  ]);
  const totalItems = total?.n ?? 0;
  return {
    currentPage: query.page,
    totalPages: Math.ceil(totalItems / query.pageSize),
    totalItems,
    currentItems: rows.length,
    itemsPerPage: query.pageSize,
    users: rows.map((r) => ({ ...toUserRef(r), isFollowedByViewer: r.isFollowedByViewer })),
  };
}
