import type { InferInsertModel } from 'drizzle-orm';
import { VoteType } from '@earmark/common';
import type { reviewVotes } from '../../schema/entries';
import { createRandom } from './random';
import type { RatingListener } from './ratings';
import type { PlacedReview } from './reviews';
import { between, entryKey, latestMs, type SeedEntry } from './social-support';

/**
 * Demo review votes: other listeners vote on each review, never their own.
 * Most reviews get a handful of votes and a few draw a crowd; votes are
 * mostly up, and more often down from someone whose own rating of the
 * release is far from the reviewer's.
 */

const MOST_VOTERS = 16;
const UP = 0.88;
const UP_WHEN_DISAGREEING = 0.55;
/** Rating points apart for a voter to count as disagreeing. */
const DISAGREEMENT = 25;

export type ReviewVoteRow = InferInsertModel<typeof reviewVotes> & { createdAt: Date };

export function demoReviewVotes(
  listeners: readonly RatingListener[],
  placed: readonly PlacedReview[],
  entries: readonly SeedEntry[],
  nowMs: number,
): ReviewVoteRow[] {
  const upper = latestMs(nowMs);
  const ratingOf = new Map(entries.map((e) => [entryKey(e.userId, e.releaseId), e.rating]));
  const out: ReviewVoteRow[] = [];
  for (const { entry, release, author, atMs } of placed) {
    const rng = createRandom(`review-votes:${author.username}:${release.seedText}`);
    const wanted = Math.round(rng.next() ** 2.2 * MOST_VOTERS) + rng.int(0, 2);
    const voters = rng
      .shuffle(listeners.filter((l) => l.id !== author.id))
      .filter((l) => Math.max(atMs, l.createdAtMs) < upper)
      .slice(0, wanted);
    for (const voter of voters) {
      const own = ratingOf.get(entryKey(voter.id, release.id));
      const disagrees = own != null && Math.abs(own - (entry.rating ?? own)) > DISAGREEMENT;
      const vote = rng.chance(disagrees ? UP_WHEN_DISAGREEING : UP) ? VoteType.UP : VoteType.DOWN;
      const at = between(rng, Math.max(atMs, voter.createdAtMs), upper);
      out.push({ entryId: entry.id, userId: voter.id, vote, createdAt: at, updatedAt: at });
    }
  }
  return out;
}
