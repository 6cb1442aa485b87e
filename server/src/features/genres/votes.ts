import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ContributorStatus, type ReleaseGenreVotes, type VoteType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { genres, releaseGenreVotes, releaseGenres } from '../../db/schema/catalogue';
import type { UserRow } from '../../db/schema/users';
import { cacheTags } from '../../lib/cache-tags';
import { forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { readerOf, transact, type WriteScope } from '../../lib/unit-of-work';
import { requireVisibleRelease } from '../releases/service';
import { isVisible } from '../../db/visibility';
import { toReleaseGenreVotes } from './present';
import { requireVisibleGenre } from './service';

export const CONTRIBUTORS_ONLY = 'Only contributors can vote on genres';
export const GENRE_VOTE_NOT_FOUND = 'Genre vote not found';
export const NOT_YOUR_VOTE = 'You can only remove your own vote';

/**
 * Every genre voted on the release (any score, so a voter still sees a genre
 * they pushed below zero), highest score first, with the viewer's own vote.
 */
export async function genreVotesOf(
  db: DbOrTx,
  releaseId: string,
  viewerId: string | null,
): Promise<ReleaseGenreVotes> {
  const mine = viewerId
    ? and(
        eq(releaseGenreVotes.releaseId, releaseGenres.releaseId),
        eq(releaseGenreVotes.genreId, releaseGenres.genreId),
        eq(releaseGenreVotes.userId, viewerId),
      )
    : sql`false`;
  const rows = await db
    .select({
      id: genres.id,
      name: genres.name,
      score: releaseGenres.score,
      upvotes: releaseGenres.upvotes,
      downvotes: releaseGenres.downvotes,
      myVoteId: releaseGenreVotes.id,
      myVote: releaseGenreVotes.vote,
    })
    .from(releaseGenres)
    .innerJoin(genres, eq(genres.id, releaseGenres.genreId))
    .leftJoin(releaseGenreVotes, mine)
    .where(and(eq(releaseGenres.releaseId, releaseId), isVisible(genres)))
    .orderBy(desc(releaseGenres.score), asc(genres.name));
  return toReleaseGenreVotes(rows);
}

export async function getReleaseGenreVotes(
  db: DbOrTx,
  releaseId: string,
  viewer: UserRow | null,
): Promise<ReleaseGenreVotes> {
  await requireVisibleRelease(db, releaseId);
  return genreVotesOf(db, releaseId, viewer?.id ?? null);
}

/**
 * Locks the release's score row for the genre (creating it at zero), so
 * votes on the same pair apply one after the other and the counters stay
 * equal to the votes.
 */
async function lockScore(tx: DbOrTx, releaseId: string, genreId: string) {
  await tx.insert(releaseGenres).values({ releaseId, genreId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(releaseGenres)
    .where(and(eq(releaseGenres.releaseId, releaseId), eq(releaseGenres.genreId, genreId)))
    .for('update');
  return row!;
}

/** Moves the counters by whole votes; drops the row once no vote is left. */
async function adjustScore(
  tx: DbOrTx,
  releaseId: string,
  genreId: string,
  up: number,
  down: number,
): Promise<void> {
  const pair = and(eq(releaseGenres.releaseId, releaseId), eq(releaseGenres.genreId, genreId));
  const [row] = await tx
    .update(releaseGenres)
    .set({
      upvotes: sql`${releaseGenres.upvotes} + ${up}`,
      downvotes: sql`${releaseGenres.downvotes} + ${down}`,
      score: sql`${releaseGenres.score} + ${up - down}`,
    })
    .where(pair)
    .returning();
  if (row && row.upvotes === 0 && row.downvotes === 0) await tx.delete(releaseGenres).where(pair);
}

/** One vote per user, genre and release: a new vote replaces the old one. */
export async function voteOnGenre(
  scope: WriteScope,
  actor: UserRow,
  input: { releaseId: string; genreId: string; vote: number },
): Promise<ReleaseGenreVotes> {
  if (actor.contributorStatus < ContributorStatus.CONTRIBUTOR) throw forbidden(CONTRIBUTORS_ONLY);
  const { releaseId, genreId } = input;
  const vote = input.vote as VoteType;
  await transact(scope, async (uow) => {
    const { tx } = uow;
    await requireVisibleRelease(tx, releaseId);
    await requireVisibleGenre(tx, genreId);
    await lockScore(tx, releaseId, genreId);
    const [old] = await tx
      .select()
      .from(releaseGenreVotes)
      .where(
        and(
          eq(releaseGenreVotes.releaseId, releaseId),
          eq(releaseGenreVotes.genreId, genreId),
          eq(releaseGenreVotes.userId, actor.id),
        ),
      );
    if (old?.vote === vote) return;
    if (old) {
      await tx
        .update(releaseGenreVotes)
        .set({ vote, updatedAt: new Date() })
        .where(eq(releaseGenreVotes.id, old.id));
    } else {
      await tx
        .insert(releaseGenreVotes)
        .values({ id: newId(), releaseId, genreId, userId: actor.id, vote });
    }
    // A changed vote moves one count from one side to the other.
    const up = (vote === 1 ? 1 : 0) - (old?.vote === 1 ? 1 : 0);
    const down = (vote === -1 ? 1 : 0) - (old?.vote === -1 ? 1 : 0);
    await adjustScore(tx, releaseId, genreId, up, down);
    uow.invalidate(cacheTags.release(releaseId));
  });
  return genreVotesOf(readerOf(scope), releaseId, actor.id);
}

/** Removes the actor's own vote; returns the release and its votes afterwards. */
export async function removeGenreVote(
  scope: WriteScope,
  actor: UserRow,
  voteId: string,
): Promise<ReleaseGenreVotes> {
  const releaseId = await transact(scope, async (uow) => {
    const { tx } = uow;
    const [found] = await tx
      .select()
      .from(releaseGenreVotes)
      .where(eq(releaseGenreVotes.id, voteId));
    if (!found) throw notFound(GENRE_VOTE_NOT_FOUND);
    if (found.userId !== actor.id) throw forbidden(NOT_YOUR_VOTE);
    await lockScore(tx, found.releaseId, found.genreId);
    // Deleting under the lock tells whether a concurrent request removed it first.
    const [gone] = await tx
      .delete(releaseGenreVotes)
      .where(eq(releaseGenreVotes.id, voteId))
      .returning();
    if (!gone) throw notFound(GENRE_VOTE_NOT_FOUND);
    await adjustScore(
      tx,
      gone.releaseId,
      gone.genreId,
      gone.vote === 1 ? -1 : 0,
      gone.vote === -1 ? -1 : 0,
    );
    uow.invalidate(cacheTags.release(gone.releaseId));
    return gone.releaseId;
  });
  return genreVotesOf(readerOf(scope), releaseId, actor.id);
}
