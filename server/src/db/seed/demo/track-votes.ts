import type { InferInsertModel } from 'drizzle-orm';
import { VoteType } from '@earmark/common';
import type { trackVotes } from '../../schema/entries';
import { createRandom, type Random } from './random';
import type { RatingListener } from './ratings';
import {
  between,
  laterOf,
  latestMs,
  pickWeighted,
  type SeedEntry,
  type SocialRelease,
} from './social-support';

/**
 * Demo track votes: on about 30 % of entries the listener marks one or two
 * favourite tracks and sometimes one least favourite. Each release's tracks
 * have a shared appeal, so listeners tend to agree on the standouts without
 * all picking the same one.
 */

const SHARE = 0.3;
const SECOND_FAVOURITE = 0.4;
const LEAST_FAVOURITE = 0.35;
/** Votes come within a few days of the entry. */
const VOTE_SPREAD_MS = 3 * 86_400_000;

function appealOf(release: SocialRelease): number[] {
  const rng = createRandom(`track-appeal:${release.seedText}`);
  return release.trackIds.map(() => 0.15 + rng.next() ** 1.5);
}

export type TrackVoteRow = InferInsertModel<typeof trackVotes> & { createdAt: Date };

function votesFor(
  rng: Random,
  entry: SeedEntry,
  release: SocialRelease,
  appeal: readonly number[],
  nowMs: number,
): TrackVoteRow[] {
  const order = release.trackIds.map((id, i) => ({ id, appeal: appeal[i]! }));
  const wantTwo = order.length >= 3 && rng.chance(SECOND_FAVOURITE);
  const favourites = pickWeighted(rng, order, (t) => t.appeal ** 2, wantTwo ? 2 : 1);
  const rest = order.filter((t) => !favourites.includes(t));
  const least =
    order.length >= 3 && rng.chance(LEAST_FAVOURITE)
      ? pickWeighted(rng, rest, (t) => (1.2 - t.appeal) ** 2, 1)
      : [];
  const from = entry.createdAt.getTime();
  const to = Math.max(from, Math.min(latestMs(nowMs), from + VOTE_SPREAD_MS));
  return [
    ...favourites.map((t) => ({ trackId: t.id, vote: VoteType.UP })),
    ...least.map((t) => ({ trackId: t.id, vote: VoteType.DOWN })),
  ].map((v) => ({ entryId: entry.id, ...v, createdAt: between(rng, from, to) }));
}

/** Track votes for the entries; sets each voting entry's count and last change. */
export function demoTrackVotes(
  listeners: readonly RatingListener[],
  entries: readonly SeedEntry[],
  releases: ReadonlyMap<string, SocialRelease>,
  nowMs: number,
): TrackVoteRow[] {
  const names = new Map(listeners.map((l) => [l.id, l.username]));
  const appeal = new Map<string, number[]>();
  const out: TrackVoteRow[] = [];
  for (const entry of entries) {
    const release = releases.get(entry.releaseId);
    const username = names.get(entry.userId);
    if (!release || !username || release.trackIds.length === 0) continue;
    const rng = createRandom(`track-votes:${username}:${release.seedText}`);
    if (!rng.chance(SHARE)) continue;
    if (!appeal.has(release.id)) appeal.set(release.id, appealOf(release));
    const votes = votesFor(rng, entry, release, appeal.get(release.id)!, nowMs);
    for (const v of votes) entry.updatedAt = laterOf(entry.updatedAt, v.createdAt);
    out.push(...votes);
  }
  return out;
}
