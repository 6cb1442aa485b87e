import { newId } from '../../../lib/ids';
import { createRandom } from './random';
import type { RatingListener } from './ratings';
import type { DemoReview } from './review-data';
import {
  between,
  daysAgo,
  earlierOf,
  earliestEntryMs,
  entryKey,
  isReleased,
  laterOf,
  latestMs,
  pickWeighted,
  type SeedEntry,
  type SocialContext,
  type SocialRelease,
} from './social-support';

/**
 * Places the written demo reviews: each goes to one demo listener, chosen
 * deterministically with a preference for prolific reviewers and for those
 * whose own rating of the release is close to the review's, so that most
 * reviews replace a similar rating. The review's rating becomes the entry's
 * rating (or starts a new entry). Reviews are dated over the last 90 days,
 * a good share in the last 30, never before the release came out, joined the
 * catalogue, or the reviewer joined.
 */

const REVIEW_WINDOW_DAYS = 90;
const RECENT_DAYS = 30;
/** Share of reviews written in the last 30 days, so /reviews/top has plenty. */
const RECENT_SHARE = 0.45;

const LINK = /\[([^\]]*)\]\(\/release\/\{\{([^}]+)\}\}\)/g;

/** Resolves `[text](/release/{{Title}})`; a title the catalogue lacks leaves the plain text. */
export function resolveReleaseLinks(body: string, idByTitle: ReadonlyMap<string, string>): string {
  return body.replace(LINK, (_, text: string, title: string) => {
    const id = idByTitle.get(title);
    return id ? `[${text}](/release/${id})` : text;
  });
}

/** How readily each listener writes: a few write a lot, most a little. */
function reviewerWeights(listeners: readonly RatingListener[]): Map<string, number> {
  return new Map(
    listeners.map((l) => [l.id, 0.15 + createRandom(`reviewer:${l.username}`).next() ** 1.5]),
  );
}

export interface PlacedReview {
  entry: SeedEntry;
  release: SocialRelease;
  author: RatingListener;
  atMs: number;
}

/**
 * Writes each review onto its listener's entry (mutating it) or appends a
 * new entry to `entries`. Reviews of releases not in the catalogue, or not
 * released yet, are skipped.
 */
export function placeReviews(
  ctx: SocialContext,
  reviews: readonly DemoReview[],
  entries: SeedEntry[],
): PlacedReview[] {
  const { listeners, releases, nowMs } = ctx;
  const upper = latestMs(nowMs);
  const idByTitle = new Map<string, string>();
  const byWork = new Map<string, SocialRelease>();
  for (const r of releases) {
    if (!idByTitle.has(r.title)) idByTitle.set(r.title, r.id);
    const work = `${r.title}\u0000${r.artist}`;
    if (!byWork.has(work) && isReleased(r, nowMs)) byWork.set(work, r);
  }
  const byKey = new Map(entries.map((e) => [entryKey(e.userId, e.releaseId), e]));
  const weights = reviewerWeights(listeners);
  const placed: PlacedReview[] = [];

  reviews.forEach((review, index) => {
    const release = byWork.get(`${review.release}\u0000${review.artist}`);
    if (!release) return;
    const rng = createRandom(`review:${index}:${release.seedText}`);
    const open = listeners.filter((l) => {
      const entry = byKey.get(entryKey(l.id, release.id));
      return entry?.review == null && earliestEntryMs(release, l) < upper;
    });
    const [author] = pickWeighted(
      rng,
      open,
      (l) => {
        const rating = byKey.get(entryKey(l.id, release.id))?.rating;
        const closeness =
          rating == null ? 0.4 : 0.2 + 2.5 * Math.exp(-Math.abs(rating - review.rating) / 12);
        return weights.get(l.id)! * closeness;
      },
      1,
    );
    if (!author) return;

    const lower = Math.max(earliestEntryMs(release, author), daysAgo(nowMs, REVIEW_WINDOW_DAYS));
    const from = rng.chance(RECENT_SHARE) ? Math.max(lower, daysAgo(nowMs, RECENT_DAYS)) : lower;
    const at = between(rng, from, upper);
    const body = resolveReleaseLinks(review.body, idByTitle);
    const key = entryKey(author.id, release.id);
    const existing = byKey.get(key);
    let entry: SeedEntry;
    if (existing) {
      // The rating is the one the review argues for; a later re-rating keeps its time.
      entry = existing;
      entry.rating = review.rating;
      entry.ratingUpdatedAt = laterOf(entry.ratingUpdatedAt ?? at, at);
      entry.createdAt = earlierOf(entry.createdAt, at);
      entry.updatedAt = laterOf(entry.updatedAt, at);
    } else {
      entry = {
        id: newId(),
        userId: author.id,
        releaseId: release.id,
        rating: review.rating,
        ratingUpdatedAt: at,
        createdAt: at,
        updatedAt: at,
      };
      entries.push(entry);
      byKey.set(key, entry);
    }
    entry.review = body;
    entry.reviewCreatedAt = at;
    entry.reviewUpdatedAt = at;
    placed.push({ entry, release, author, atMs: at.getTime() });
  });
  return placed;
}
