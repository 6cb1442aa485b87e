import { and, eq, sql } from 'drizzle-orm';
import type { ReviewVoteReply, VoteType } from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { entries, reviewVotes } from '../../db/schema/entries';
import { users, type UserRow } from '../../db/schema/users';
import { cacheTags, entryWriteTags } from '../../lib/cache-tags';
import { forbidden, notFound } from '../../lib/errors';
import { transact, type WriteScope } from '../../lib/unit-of-work';
import { visibleEntry } from '../../db/visibility';

export const REVIEW_NOT_FOUND = 'Review not found';
export const OWN_REVIEW = 'You cannot vote on your own review';

const ups = (vote: number | undefined) => (vote === 1 ? 1 : 0);
const downs = (vote: number | undefined) => (vote === -1 ? 1 : 0);

/**
 * Sets (or with null removes) the actor's vote on the review of an entry:
 * one vote per user, a new vote replaces the old one and the same vote again
 * removes it; never on one's own review. The entry row is locked, so its
 * counters stay equal to the votes whatever runs at the same time.
 */
export async function changeReviewVote(
  scope: WriteScope,
  actor: UserRow,
  entryId: string,
  vote: VoteType | null,
): Promise<ReviewVoteReply> {
  return transact(scope, async (uow) => {
    const { tx } = uow;
    const [entry] = await tx
      .select({
        id: entries.id,
        userId: entries.userId,
        releaseId: entries.releaseId,
        review: entries.review,
      })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .innerJoin(releases, eq(releases.id, entries.releaseId))
      .where(and(eq(entries.id, entryId), visibleEntry()))
      .for('no key update', { of: entries });
    if (!entry || entry.review === null) throw notFound(REVIEW_NOT_FOUND);
    if (entry.userId === actor.id) throw forbidden(OWN_REVIEW);

    const mine = and(eq(reviewVotes.entryId, entryId), eq(reviewVotes.userId, actor.id));
    const [old] = await tx.select({ vote: reviewVotes.vote }).from(reviewVotes).where(mine);
    const next = vote === null || old?.vote === vote ? null : vote;
    if (next === null && old) await tx.delete(reviewVotes).where(mine);
    else if (next !== null && old) {
      await tx.update(reviewVotes).set({ vote: next, updatedAt: new Date() }).where(mine);
    } else if (next !== null) {
      await tx.insert(reviewVotes).values({ entryId, userId: actor.id, vote: next });
    }

    const up = ups(next ?? undefined) - ups(old?.vote);
    const down = downs(next ?? undefined) - downs(old?.vote);
    const [counts] = await tx
      .update(entries)
      .set({
        reviewUpvotes: sql`${entries.reviewUpvotes} + ${up}`,
        reviewDownvotes: sql`${entries.reviewDownvotes} + ${down}`,
      })
      .where(eq(entries.id, entryId))
      .returning({ upvotes: entries.reviewUpvotes, downvotes: entries.reviewDownvotes });
    // The review's pages, and the voter's own votes as a reader.
    uow.invalidate(...entryWriteTags(entry.releaseId, entry.userId), cacheTags.reader(actor.id));
    return { upvotes: counts!.upvotes, downvotes: counts!.downvotes, myVote: next };
  });
}
