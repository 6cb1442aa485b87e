import { demoFollows, type FollowRow } from './follows';
import type { RatingListener } from './ratings';
import type { DemoReview } from './review-data';
import { demoReviewVotes, type ReviewVoteRow } from './review-votes';
import { placeReviews } from './reviews';
import type { SeedEntry, SocialRelease } from './social-support';
import { demoTags, type DemoTagRows } from './tags';
import { demoTrackVotes, type TrackVoteRow } from './track-votes';

/**
 * The demo community on top of the ratings: written reviews, the listeners'
 * tags, favourite and least favourite tracks, votes on reviews and follows.
 * Works on the rows in memory (the entries are changed and extended in
 * place). Counters are not computed here: the seed sets them all with the
 * production recount once the rows are in (db/recount).
 */

export interface DemoSocialRows extends DemoTagRows {
  trackVotes: TrackVoteRow[];
  reviewVotes: ReviewVoteRow[];
  follows: FollowRow[];
  reviews: number;
}

export function addDemoSocial(input: {
  listeners: readonly RatingListener[];
  releases: readonly SocialRelease[];
  reviews: readonly DemoReview[];
  /** The rating entries; reviews change some and add others. */
  entries: SeedEntry[];
  now: Date;
}): DemoSocialRows {
  const { listeners, releases: released, entries, now } = input;
  const nowMs = now.getTime();
  const placed = placeReviews({ listeners, releases: released, nowMs }, input.reviews, entries);
  const byId = new Map(released.map((r) => [r.id, r]));
  const seeds = new Map(released.map((r) => [r.id, r.seedText]));
  const tags = demoTags(listeners, entries, seeds, nowMs);
  const trackVotes = demoTrackVotes(listeners, entries, byId, nowMs);
  const reviewVotes = demoReviewVotes(listeners, placed, entries, nowMs);
  const reviewsPerUser = new Map<string, number>();
  for (const p of placed)
    reviewsPerUser.set(p.author.id, (reviewsPerUser.get(p.author.id) ?? 0) + 1);
  const follows = demoFollows(listeners, reviewsPerUser, nowMs);

  return {
    ...tags,
    trackVotes,
    reviewVotes,
    follows,
    reviews: placed.length,
  };
}
