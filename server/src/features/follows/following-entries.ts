import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Entry } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { entries } from '../../db/schema/entries';
import { follows } from '../../db/schema/follows';
import type { UserRow } from '../../db/schema/users';
import { visibleEntry } from '../../db/visibility';
import { presentEntries, selectEntryBundles } from '../entries/queries';
import { requireVisibleRelease } from '../releases/service';

/** The release page shows at most this many entries of followed users. */
export const FOLLOWING_ENTRIES_MAX = 50;

/** Visible entries on a release by the users a viewer follows, newest first: prepared. */
const followedEntriesOn = preparedPer((db) => {
  const followed = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(eq(follows.followerId, sql.placeholder('viewerId')));
  return selectEntryBundles(db)
    .where(
      and(
        visibleEntry(),
        eq(entries.releaseId, sql.placeholder('releaseId')),
        inArray(entries.userId, followed),
      ),
    )
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(FOLLOWING_ENTRIES_MAX)
    .prepare('followed_entries_on');
});

/**
 * The entries on a release by the users the viewer follows, newest first.
 * Entries of banned or deleted users stay hidden (visibleEntry).
 */
export async function followingEntries(
  db: DbOrTx,
  viewer: UserRow,
  releaseId: string,
): Promise<Entry[]> {
  await requireVisibleRelease(db, releaseId);
  const rows = await followedEntriesOn(db).execute({ viewerId: viewer.id, releaseId });
  return presentEntries(db, rows, viewer);
}
