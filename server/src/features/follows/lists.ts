import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PagedUsers, pageQuerySchema } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { visibleAccount } from '../../db/visibility';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { keyColumns, orderByKeys, readKeysetPage, type SortKey } from '../../lib/keyset';
import { requireVisibleUser } from '../users/service';
import { toUserRef, userRefColumns } from '../users/present';

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Which side of the follow rows a list reads. */
export type FollowDirection = 'followers' | 'following';

/**
 * A user's followers (or the users they follow), newest follow first, by
 * page number or by cursor (see readKeysetPage). Follows made at the same
 * instant come in descending id of the listed user, so pages never overlap;
 * each direction has an index in that order (see the schema of follows).
 * Banned and deleted accounts are left out of the list and of its total, as
 * they are of the stored counters.
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
  const keys: SortKey[] = [
    { expr: follows.createdAt, type: 'timestamptz', desc: true },
    { expr: listedSide, type: 'text', desc: true },
  ];

  const followedByViewer: SQL<boolean> = viewer
    ? sql<boolean>`exists (select 1 from ${follows} vf
        where vf.follower_id = ${viewer.id} and vf.following_id = ${users.id})`
    : sql<boolean>`false`;

  const { rows, fields } = await readKeysetPage(
    {
      name: direction,
      keys,
      rows: (limit, offset, after) =>
        db
          .select({ ...userRefColumns, isFollowedByViewer: followedByViewer, ...keyColumns(keys) })
          .from(follows)
          .innerJoin(users, eq(users.id, listedSide))
          .where(and(where, after?.condition))
          .orderBy(...orderByKeys(keys))
          .limit(limit)
          .offset(offset),
      total: async () => {
        const [total] = await db
          .select({ n: count() })
          .from(follows)
          .innerJoin(users, eq(users.id, listedSide))
          .where(where);
        return total?.n ?? 0;
      },
    },
    query,
  );
  return {
    ...fields,
    users: rows.map((r) => ({ ...toUserRef(r), isFollowedByViewer: r.isFollowedByViewer })),
  };
}
