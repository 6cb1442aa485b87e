import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import { entries, type EntryRow } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { utcDay } from '../releases/dates';
import type { ReleaseRow } from '../releases/present';
import { RELEASE_NOT_FOUND } from '../releases/service';
import { isVisible } from '../../db/visibility';

/**
 * Row locks shared by every entry change. Changes that move a release's
 * counters lock the release row first, then the entry, then tracks, and
 * update the user's counters last, so two changes never wait on each other
 * in a circle. FOR NO KEY UPDATE (not FOR UPDATE) leaves foreign-key checks
 * of unrelated inserts (list items, genre votes) free to proceed.
 */

export const ENTRY_NOT_FOUND = 'Entry not found';
export const NOT_YOUR_ENTRY = 'You can only change your own entry';
export const RATING_BEFORE_RELEASE = 'You cannot rate a release before its release date';
export const TRACK_VOTE_BEFORE_RELEASE = 'You cannot vote on tracks before the release date';

/** Locks a release row; hidden releases count as unknown unless `includeHidden`. */
export async function lockRelease(
  tx: DbOrTx,
  id: string,
  opts: { includeHidden?: boolean } = {},
): Promise<ReleaseRow> {
  const [row] = await tx
    .select()
    .from(releases)
    .where(opts.includeHidden ? eq(releases.id, id) : and(eq(releases.id, id), isVisible(releases)))
    .for('no key update');
  if (!row) throw notFound(RELEASE_NOT_FOUND);
  return row;
}

/**
 * Out on or before today (UTC). Stored dates are the earliest day a release
 * could be out; a release without a date is taken as out.
 */
export function isReleased(release: Pick<ReleaseRow, 'date'>, now: Date): boolean {
  return release.date === null || release.date <= utcDay(now);
}

export async function lockEntryById(tx: DbOrTx, id: string): Promise<EntryRow | null> {
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).for('no key update');
  return row ?? null;
}

async function lockEntryOf(tx: DbOrTx, userId: string, releaseId: string) {
  const [row] = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.releaseId, releaseId)))
    .for('no key update');
  return row ?? null;
}

/**
 * The user's entry on a locked release, created empty when there is none
 * (the caller then sets the one field that created it). `created` tells the
 * caller to count the new entry.
 */
export async function ensureEntry(
  tx: DbOrTx,
  userId: string,
  releaseId: string,
  now: Date,
): Promise<{ entry: EntryRow; created: boolean }> {
  const found = await lockEntryOf(tx, userId, releaseId);
  if (found) return { entry: found, created: false };
  const [inserted] = await tx
    .insert(entries)
    .values({ id: newId(), userId, releaseId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { entry: inserted, created: true };
  // Another writer that does not lock the release (a seed, an admin merge) got there first.
  const raced = await lockEntryOf(tx, userId, releaseId);
  if (!raced) throw new Error('entry vanished while being created');
  return { entry: raced, created: false };
}

/**
 * Reads an entry's owner and release without locking, to know which release
 * to lock first; 404 unknown, 403 someone else's.
 */
export async function requireOwnEntry(
  tx: DbOrTx,
  actor: Pick<UserRow, 'id'>,
  id: string,
): Promise<Pick<EntryRow, 'id' | 'releaseId' | 'userId'>> {
  const [row] = await tx
    .select({ id: entries.id, releaseId: entries.releaseId, userId: entries.userId })
    .from(entries)
    .where(eq(entries.id, id));
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  if (row.userId !== actor.id) throw forbidden(NOT_YOUR_ENTRY);
  return row;
}
