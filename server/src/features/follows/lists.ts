import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PagedUsers, pageQuerySchema } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { Binder, ShapedStatements } from '../../db/prepared';
import { bindPage } from '../../db/page-bounds';
import { visibleAccount } from '../../db/visibility';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { afterKeys, keyColumns, orderByKeys, type SortKey } from '../../lib/keyset';
import { readKeysetPage } from '../../lib/keyset-page';
import { requireVisibleUser } from '../users/service';
import { toUserRef, userRefColumns, type UserRefColumns } from '../users/present';
import { withFields } from '../../lib/objects';

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Which side of the follow rows a list reads. */
export type FollowDirection = 'followers' | 'following';

/** Which column of a follow row is the list's user, and which the users listed. */
function sides(direction: FollowDirection) {
  // "followers": rows pointing at the user, listing who follows; "following": the reverse.
  return direction === 'followers'
    ? { own: follows.followingId, listed: follows.followerId }
    : { own: follows.followerId, listed: follows.followingId };
}

/** A list's keys: newest follow first, then descending id of the listed user. */
function followKeys(direction: FollowDirection): SortKey[] {
  return [
    { expr: follows.createdAt, type: 'timestamptz', desc: true },
    { expr: sides(direction).listed, type: 'text', desc: true },
  ];
}

const KEYS: Record<FollowDirection, SortKey[]> = {
  followers: followKeys('followers'),
  following: followKeys('following'),
};

type FollowRow = UserRefColumns & { isFollowedByViewer: boolean } & Record<string, unknown>;

/** The lists' pages, made once per shape (direction, reader, page and cursor: ShapedStatements). */
const pageStatements = new ShapedStatements<FollowRow[]>('follows_page');

/**
 * A user's followers (or the users they follow), newest follow first, by
 * page number or by cursor (see readKeysetPage). Follows made at the same
 * instant come in descending id of the listed user, so pages never overlap;
 * each direction has an index in that order (see the schema of follows).
 * Banned and deleted accounts are left out of the list, as they are of the
 * user's stored counters, which are its total (read with the user).
 */
export async function listFollows(
  db: DbOrTx,
  userId: string,
  direction: FollowDirection,
  query: PageQuery,
  viewer: UserRow | null,
): Promise<PagedUsers> {
  const user = await requireVisibleUser(db, userId, viewer);
  const { own, listed } = sides(direction);
  const keys = KEYS[direction];
  const { rows, fields } = await readKeysetPage<FollowRow>(
    {
      name: direction,
      keys,
      rows: (limit, offset, after) => {
        const b = new Binder();
        b.mark(direction);
        const ownId = b.bind('userId', user.id);
        const reader = viewer ? b.bindReader('viewer', viewer.id) : undefined;
        const bounds = bindPage(b, limit, offset, after?.values);
        const followedByReader: SQL<boolean> = reader
          ? sql<boolean>`exists (select 1 from ${follows} vf
              where vf.follower_id = ${reader} and vf.following_id = ${users.id})`
          : sql<boolean>`false`;
        return pageStatements.run(db, b, () =>
          db
            .select({
              ...userRefColumns,
              isFollowedByViewer: followedByReader,
              ...keyColumns(keys),
            })
            .from(follows)
            .innerJoin(users, eq(users.id, listed))
            .where(
              and(eq(own, ownId), visibleAccount(), bounds.after && afterKeys(keys, bounds.after)),
            )
            .orderBy(...orderByKeys(keys))
            .limit(bounds.limit)
            .offset(bounds.offset),
        );
      },
      // The user's kept count (visible accounts only, as the list): read with the user.
      total: () =>
        Promise.resolve(direction === 'followers' ? user.followersCount : user.followingCount),
    },
    query,
  );
  return withFields(fields, {
    users: rows.map((r) => withFields(toUserRef(r), { isFollowedByViewer: r.isFollowedByViewer })),
  });
}
