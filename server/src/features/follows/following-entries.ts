import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Entry } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { entries } from '../../db/schema/entries';
import { follows } from '../../db/schema/follows';
import type { UserRow } from '../../db/schema/users';
import { loadEntries } from '../entries/queries';
import { requireVisibleRelease } from '../releases/service';

/** The release page shows at most this many entries of followed users. */
export const FOLLOWING_ENTRIES_MAX = 50;

/**
 * The entries on a release by the users the viewer follows, newest first.
 * Entries of banned or deleted users stay hidden (loadEntries sees to it).
 */
export async function followingEntries(
  db: DbOrTx,
  viewer: UserRow,
  releaseId: string,
): Promise<Entry[]> {
  await requireVisibleRelease(db, releaseId);
  const followed = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(eq(follows.followerId, viewer.id));
  return loadEntries(
    db,
    {
      where: and(eq(entries.releaseId, releaseId), inArray(entries.userId, followed)),
      orderBy: [desc(entries.createdAt), desc(entries.id)],
      limit: FOLLOWING_ENTRIES_MAX,
    },
    viewer,
  );
}
