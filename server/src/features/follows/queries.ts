import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { follows } from '../../db/schema/follows';

/** Whether `followerId` follows `followingId` (one primary-key probe). */
export async function isFollowing(
  db: DbOrTx,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return row !== undefined;
}
