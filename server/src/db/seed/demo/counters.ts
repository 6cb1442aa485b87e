import type { InferInsertModel } from 'drizzle-orm';
import type { releases, tracks } from '../../schema/catalogue';
import type { FollowRow } from './follows';
import type { ReviewVoteRow } from './review-votes';
import type { SeedEntry } from './social-support';
import type { TrackVoteRow } from './track-votes';

/**
 * The counters the demo rows carry, computed from the finished rows rather
 * than kept step by step, so they equal a recount by construction: release
 * stats, track and review vote totals, each entry's track vote count, and
 * the listeners' entry, review, follower and following counts.
 */

export interface ListenerCounters {
  entriesCount: number;
  reviewsCount: number;
  followersCount: number;
  followingCount: number;
}

function tally<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export function applyReleaseStats(
  rows: InferInsertModel<typeof releases>[],
  entries: readonly SeedEntry[],
): void {
  const stats = new Map<
    string,
    { entries: number; ratings: number; sum: number; reviews: number }
  >();
  for (const e of entries) {
    const s = stats.get(e.releaseId) ?? { entries: 0, ratings: 0, sum: 0, reviews: 0 };
    s.entries += 1;
    if (e.rating != null) {
      s.ratings += 1;
      s.sum += e.rating;
    }
    if (e.review != null) s.reviews += 1;
    stats.set(e.releaseId, s);
  }
  for (const release of rows) {
    const s = stats.get(release.id) ?? { entries: 0, ratings: 0, sum: 0, reviews: 0 };
    release.ratingsCount = s.ratings;
    release.ratingsSum = s.sum;
    release.ratingsAvg = s.ratings === 0 ? null : s.sum / s.ratings;
    release.entriesCount = s.entries;
    release.reviewsCount = s.reviews;
  }
}

export function applyVoteCounts(
  trackRows: InferInsertModel<typeof tracks>[],
  entries: SeedEntry[],
  trackVotes: readonly TrackVoteRow[],
  reviewVotes: readonly ReviewVoteRow[],
): void {
  const up = new Map<string, number>();
  const down = new Map<string, number>();
  const perEntry = new Map<string, number>();
  for (const v of trackVotes) {
    tally(v.vote > 0 ? up : down, v.trackId);
    tally(perEntry, v.entryId);
  }
  for (const t of trackRows) {
    t.upvotes = up.get(t.id) ?? 0;
    t.downvotes = down.get(t.id) ?? 0;
  }
  const reviewUp = new Map<string, number>();
  const reviewDown = new Map<string, number>();
  for (const v of reviewVotes) tally(v.vote > 0 ? reviewUp : reviewDown, v.entryId);
  for (const e of entries) {
    e.trackVotesCount = perEntry.get(e.id) ?? 0;
    e.reviewUpvotes = reviewUp.get(e.id) ?? 0;
    e.reviewDownvotes = reviewDown.get(e.id) ?? 0;
  }
}

export function listenerCounters(
  entries: readonly SeedEntry[],
  follows: readonly FollowRow[],
): Map<string, ListenerCounters> {
  const out = new Map<string, ListenerCounters>();
  const of = (id: string) => {
    let c = out.get(id);
    if (!c) {
      c = { entriesCount: 0, reviewsCount: 0, followersCount: 0, followingCount: 0 };
      out.set(id, c);
    }
    return c;
  };
  for (const e of entries) {
    of(e.userId).entriesCount += 1;
    if (e.review != null) of(e.userId).reviewsCount += 1;
  }
  for (const f of follows) {
    of(f.followerId).followingCount += 1;
    of(f.followingId).followersCount += 1;
  }
  return out;
}
