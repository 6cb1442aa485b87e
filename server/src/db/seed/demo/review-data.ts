import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH } from '@earmark/common';
import reviews from './reviews.json';

/**
 * The demo reviews (reviews.json): each names a release by its exact title
 * and first artist, the reviewer's rating and a markdown body. A link to
 * another release is written `[text](/release/{{Exact Title}})` and gets the
 * release's id when seeded. Checked on load so a typo fails loudly.
 */
export const demoReviewFileSchema = z.array(
  z.object({
    release: z.string().trim().min(1),
    artist: z.string().trim().min(1),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
    body: z.string().trim().min(1).max(REVIEW_MAX_LENGTH),
  }),
);

export type DemoReview = z.infer<typeof demoReviewFileSchema>[number];

export function loadDemoReviews(): DemoReview[] {
  return demoReviewFileSchema.parse(reviews);
}
