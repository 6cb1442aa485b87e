import type { InferInsertModel } from 'drizzle-orm';
import type { follows } from '../../schema/follows';
import { createRandom } from './random';
import type { RatingListener } from './ratings';
import { between, latestMs, pickWeighted } from './social-support';

/**
 * Demo follows: each listener follows 3-12 others. Some listeners are far
 * more followed than others (a popularity of their own, plus how much they
 * review), so follower counts have the long tail real communities have.
 */

export type FollowRow = InferInsertModel<typeof follows> & { createdAt: Date };

export function demoFollows(
  listeners: readonly RatingListener[],
  reviewsPerUser: ReadonlyMap<string, number>,
  nowMs: number,
): FollowRow[] {
  const upper = latestMs(nowMs);
  const pull = new Map(
    listeners.map((l) => [
      l.id,
      0.3 +
        2 * createRandom(`popularity:${l.username}`).next() ** 2 +
        0.15 * (reviewsPerUser.get(l.id) ?? 0),
    ]),
  );
  const out: FollowRow[] = [];
  for (const follower of listeners) {
    const rng = createRandom(`follows:${follower.username}`);
    const others = listeners.filter((l) => l.id !== follower.id);
    const n = Math.min(others.length, rng.int(3, 12));
    for (const followed of pickWeighted(rng, others, (l) => pull.get(l.id)!, n)) {
      const from = Math.max(follower.createdAtMs, followed.createdAtMs);
      out.push({
        followerId: follower.id,
        followingId: followed.id,
        createdAt: between(rng, Math.min(from, upper), upper),
      });
    }
  }
  return out;
}
