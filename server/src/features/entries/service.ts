import { and, eq } from 'drizzle-orm';
import { CommentTargetKind, type Entry } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { entries, reviewVotes, type EntryRow } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { cacheTags, entryWriteTags } from '../../lib/cache-tags';
import { badRequest, notFound } from '../../lib/errors';
import { readerOf, transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import { deleteThread } from '../comments/service';
import type { ReleaseRow } from '../releases/present';
import { requireVisibleRelease } from '../releases/service';
import type { ReleaseViewer } from '../releases/summaries';
import {
  ENTRY_NOT_FOUND,
  RATING_BEFORE_RELEASE,
  ensureEntry,
  isReleased,
  lockEntryById,
  lockRelease,
  requireOwnEntry,
} from './access';
import { factsOf, moveCounters } from './counters';
import { loadEntry, loadOwnEntryOn } from './queries';
import { requireOwnTags, setEntryTags } from './tags';
import { removeTrackVotesOf } from './track-votes';

export const NOTHING_TO_SAVE = 'Give a rating, a review or tags';

/** Fields of an entry a call may change: absent stays, null clears. */
export interface EntryChanges {
  rating?: number | null;
  review?: string | null;
  tags?: string[] | null;
}

/** The column changes that turn `entry` into what `changes` asks for. */
function columnChanges(entry: EntryRow, changes: EntryChanges, now: Date) {
  const set: Partial<typeof entries.$inferInsert> = {};
  if (changes.rating !== undefined && changes.rating !== entry.rating) {
    set.rating = changes.rating;
    set.ratingUpdatedAt = changes.rating === null ? null : now;
  }
  if (changes.review !== undefined && changes.review !== entry.review) {
    set.review = changes.review;
    if (changes.review === null) {
      // A later review starts afresh: no date, no votes.
      Object.assign(set, {
        reviewCreatedAt: null,
        reviewUpdatedAt: null,
        reviewUpvotes: 0,
        reviewDownvotes: 0,
      });
    } else {
      set.reviewUpdatedAt = now;
      if (entry.review === null) set.reviewCreatedAt = now;
    }
  }
  return set;
}

/**
 * Applies changes to the owner's entry on a locked release, creating the
 * entry when `entry` is null, and moves the counters in the same transaction.
 * An entry left with nothing (no rating, review, tags or track votes) stays
 * until it is deleted: the owner may still be about to fill it.
 */
async function applyChanges(
  uow: UnitOfWork,
  owner: UserRow,
  release: ReleaseRow,
  changes: EntryChanges,
  now: Date,
  existing: EntryRow | null,
): Promise<{ entry: EntryRow; created: boolean }> {
  if (changes.rating != null && !isReleased(release, now)) throw badRequest(RATING_BEFORE_RELEASE);
  const { tx } = uow;
  const tagIds = changes.tags ? await requireOwnTags(tx, owner.id, changes.tags) : null;

  const { entry, created } = existing
    ? { entry: existing, created: false }
    : await ensureEntry(tx, owner.id, release.id, now);
  const set = columnChanges(entry, changes, now);
  const tagsChanged =
    changes.tags !== undefined ? await setEntryTags(tx, entry.id, tagIds ?? []) : false;
  if (set.review === null && entry.review !== null) {
    const voters = await tx
      .delete(reviewVotes)
      .where(eq(reviewVotes.entryId, entry.id))
      .returning({ userId: reviewVotes.userId });
    // Their votes, kept for them as readers, went with the review.
    uow.invalidate(...voters.map((v) => cacheTags.reader(v.userId)));
  }
  if (Object.keys(set).length === 0 && !tagsChanged && !created) return { entry, created };

  const [updated] = await tx
    .update(entries)
    .set({ ...set, updatedAt: now })
    .where(eq(entries.id, entry.id))
    .returning();
  await moveCounters(
    tx,
    { releaseId: release.id, userId: owner.id },
    created ? null : factsOf(entry),
    factsOf(updated!),
  );
  uow.invalidate(...entryWriteTags(release.id, owner.id));
  return { entry: updated!, created };
}

/**
 * POST entries: creates the owner's entry on the release with the given
 * fields, or changes their existing one (an entry is unique per user and release).
 */
export async function saveEntry(
  scope: WriteScope,
  owner: UserRow,
  input: { releaseId: string } & EntryChanges,
  now: Date = new Date(),
): Promise<{ entry: Entry; created: boolean }> {
  const { releaseId, ...changes } = input;
  if (changes.rating === undefined && changes.review === undefined && changes.tags === undefined) {
    throw badRequest(NOTHING_TO_SAVE);
  }
  const { entry, created } = await transact(scope, async (uow) => {
    const release = await lockRelease(uow.tx, releaseId);
    return applyChanges(uow, owner, release, changes, now, null);
  });
  return { entry: (await loadEntry(readerOf(scope), entry.id, owner))!, created };
}

/** PATCH entries/{id}: the owner's changes, field by field. */
export async function updateEntry(
  scope: WriteScope,
  owner: UserRow,
  id: string,
  changes: EntryChanges,
  now: Date = new Date(),
): Promise<Entry> {
  await transact(scope, async (uow) => {
    const { tx } = uow;
    const { releaseId } = await requireOwnEntry(tx, owner, id);
    const release = await lockRelease(tx, releaseId);
    const entry = await lockEntryById(tx, id);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    await applyChanges(uow, owner, release, changes, now, entry);
  });
  const entry = await loadEntry(readerOf(scope), id, owner);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return entry;
}

/**
 * DELETE entries/{id}: takes the entry's track votes off the tracks, then
 * deletes it with its tag links, review votes and review comments, and
 * moves the counters.
 * Works on a hidden release too, so nobody is stuck with an entry.
 */
export async function deleteEntry(
  scope: WriteScope,
  owner: UserRow,
  id: string,
): Promise<{ releaseId: string }> {
  return transact(scope, async (uow) => {
    const { tx } = uow;
    const { releaseId } = await requireOwnEntry(tx, owner, id);
    await lockRelease(tx, releaseId, { includeHidden: true });
    const entry = await lockEntryById(tx, id);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    await removeTrackVotesOf(tx, entry.id);
    await tx.delete(entries).where(and(eq(entries.id, id), eq(entries.userId, owner.id)));
    // The review's comments, and the notifications they caused, go with it.
    await deleteThread(uow, CommentTargetKind.REVIEW, id);
    await moveCounters(tx, { releaseId, userId: owner.id }, factsOf(entry), null);
    uow.invalidate(...entryWriteTags(releaseId, owner.id));
    return { releaseId };
  });
}

/** GET entries/{id}: a visible entry. */
export async function getEntry(db: DbOrTx, id: string, viewer: ReleaseViewer): Promise<Entry> {
  const entry = await loadEntry(db, id, viewer);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return entry;
}

/**
 * GET entries/release/{id}/me: the viewer's entry on a visible release, or
 * null. Found, its release is visible (visibleEntry): one statement; the
 * release is looked up only when they have none there.
 */
export async function getMyEntry(
  db: DbOrTx,
  viewer: UserRow,
  releaseId: string,
): Promise<Entry | null> {
  const entry = await loadOwnEntryOn(db, viewer.id, releaseId);
  if (!entry) await requireVisibleRelease(db, releaseId);
  return entry;
}
