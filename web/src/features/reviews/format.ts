import type { Entry, UserRef } from '@earmark/common';

export const NO_REVIEWS_TEXT = 'No reviews yet';

/** The name people see: the display name, else the username. */
export const displayName = (user: Pick<UserRef, 'username' | 'name'>) => user.name || user.username;

/** "Mira Stone's review of Blue Hour" (page titles and accessible names). */
export const reviewTitle = (entry: Pick<Entry, 'user' | 'release'>) =>
  `${displayName(entry.user)}'s review of ${entry.release.title}`;

/** Reviews longer than this are cut short in lists, with a link to read the rest. */
export const CLAMP_MIN_CHARS = 700;
export const CLAMP_MIN_LINES = 12;

/**
 * Whether a review is long enough to be cut short in a list. Counted on the
 * source rather than measured, so the decision is the same on every screen
 * and does not wait for the markdown to render.
 */
export function isLongReview(body: string): boolean {
  return body.length > CLAMP_MIN_CHARS || body.split('\n').length > CLAMP_MIN_LINES;
}
