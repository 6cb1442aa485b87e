import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TrackVoteReply, VoteType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { tracks } from '../../db/schema/catalogue';
import { entries, trackVotes } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { entryWriteTags } from '../../lib/cache-tags';
import { badRequest, notFound } from '../../lib/errors';
import { readerOf, transact, type WriteScope } from '../../lib/unit-of-work';
import {
  ENTRY_NOT_FOUND,
  TRACK_VOTE_BEFORE_RELEASE,
  ensureEntry,
  isReleased,
  lockRelease,
} from './access';
import { moveCounters } from './counters';
import { loadEntry } from './queries';

export const TRACK_NOT_FOUND = 'Track not found';

const ups = (vote: number | undefined) => (vote === 1 ? 1 : 0);
const downs = (vote: number | undefined) => (vote === -1 ? 1 : 0);

/** Moves a track's counters by whole votes. */
async function adjustTrack(tx: DbOrTx, trackId: string, up: number, down: number) {
  if (up === 0 && down === 0) return;
  await tx
    .update(tracks)
    .set({
      upvotes: sql`${tracks.upvotes} + ${up}`,
      downvotes: sql`${tracks.downvotes} + ${down}`,
    })
    .where(eq(tracks.id, trackId));
}

async function requireTrackOf(tx: DbOrTx, releaseId: string, trackId: string) {
  const [track] = await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), eq(tracks.releaseId, releaseId)));
  if (!track) throw notFound(TRACK_NOT_FOUND);
}

/**
 * Sets the entry's vote on a track: a first vote adds it, the same vote
 * again removes it, the other vote replaces it. The track's counters move by
 * exactly one each, and the entry's vote count with them.
 */
async function applyTrackVote(
  tx: DbOrTx,
  entryId: string,
  trackId: string,
  vote: VoteType | null,
  now: Date,
): Promise<void> {
  const [old] = await tx
    .select({ vote: trackVotes.vote })
    .from(trackVotes)
    .where(and(eq(trackVotes.entryId, entryId), eq(trackVotes.trackId, trackId)));
  const next = vote === null || old?.vote === vote ? null : vote;
  if (!old && next === null) return;
  const pair = and(eq(trackVotes.entryId, entryId), eq(trackVotes.trackId, trackId));
  if (next === null) await tx.delete(trackVotes).where(pair);
  else if (old) await tx.update(trackVotes).set({ vote: next }).where(pair);
  else await tx.insert(trackVotes).values({ entryId, trackId, vote: next, createdAt: now });

  const before = old?.vote;
  const after = next ?? undefined;
  await adjustTrack(tx, trackId, ups(after) - ups(before), downs(after) - downs(before));
  const countDelta = (next === null ? 0 : 1) - (old ? 1 : 0);
  await tx
    .update(entries)
    .set({ trackVotesCount: sql`${entries.trackVotesCount} + ${countDelta}`, updatedAt: now })
    .where(eq(entries.id, entryId));
}

async function reply(db: DbOrTx, viewer: UserRow, entryId: string, trackId: string) {
  const [entry, [track]] = await Promise.all([
    loadEntry(db, entryId, viewer),
    db
      .select({ id: tracks.id, upvotes: tracks.upvotes, downvotes: tracks.downvotes })
      .from(tracks)
      .where(eq(tracks.id, trackId)),
  ]);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  if (!track) throw notFound(TRACK_NOT_FOUND);
  return { entry, track };
}

/** POST entries/track/{releaseId}/{trackId}: the first track vote creates the entry. */
export async function voteOnTrack(
  scope: WriteScope,
  owner: UserRow,
  releaseId: string,
  trackId: string,
  vote: VoteType,
  now: Date = new Date(),
): Promise<TrackVoteReply> {
  const entryId = await transact(scope, async (uow) => {
    const { tx } = uow;
    const release = await lockRelease(tx, releaseId);
    if (!isReleased(release, now)) throw badRequest(TRACK_VOTE_BEFORE_RELEASE);
    await requireTrackOf(tx, releaseId, trackId);
    const { entry, created } = await ensureEntry(tx, owner.id, releaseId, now);
    if (created) {
      await moveCounters(tx, { releaseId, userId: owner.id }, null, {
        rating: null,
        hasReview: false,
      });
    }
    await applyTrackVote(tx, entry.id, trackId, vote, now);
    uow.invalidate(...entryWriteTags(releaseId, owner.id));
    return entry.id;
  });
  return reply(readerOf(scope), owner, entryId, trackId);
}

/** DELETE entries/track/{releaseId}/{trackId}: removes the owner's vote if there is one. */
export async function removeTrackVote(
  scope: WriteScope,
  owner: UserRow,
  releaseId: string,
  trackId: string,
  now: Date = new Date(),
): Promise<TrackVoteReply> {
  const entryId = await transact(scope, async (uow) => {
    const { tx } = uow;
    await lockRelease(tx, releaseId);
    await requireTrackOf(tx, releaseId, trackId);
    const [entry] = await tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.userId, owner.id), eq(entries.releaseId, releaseId)))
      .for('no key update');
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    await applyTrackVote(tx, entry.id, trackId, null, now);
    uow.invalidate(...entryWriteTags(releaseId, owner.id));
    return entry.id;
  });
  return reply(readerOf(scope), owner, entryId, trackId);
}

/**
 * Takes every vote of an entry off its tracks before the entry goes (the
 * votes themselves go with the entry). Tracks are locked in id order so two
 * deletions on one release cannot wait on each other.
 */
export async function removeTrackVotesOf(tx: DbOrTx, entryId: string): Promise<void> {
  const votes = await tx
    .select({ trackId: trackVotes.trackId, vote: trackVotes.vote })
    .from(trackVotes)
    .where(eq(trackVotes.entryId, entryId));
  if (votes.length === 0) return;
  await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(
      inArray(
        tracks.id,
        votes.map((v) => v.trackId),
      ),
    )
    .orderBy(asc(tracks.id))
    .for('no key update');
  for (const v of votes) await adjustTrack(tx, v.trackId, -ups(v.vote), -downs(v.vote));
  await tx.delete(trackVotes).where(eq(trackVotes.entryId, entryId));
}
