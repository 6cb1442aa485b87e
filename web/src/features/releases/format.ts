import type { ExplicitCoverArt } from '@earmark/common';

export { formatReleaseDate } from '@earmark/common';

/**
 * Whether a cover may be shown: only when the viewer allows every content
 * category the cover carries. Signed-out viewers (no preferences) allow none,
 * so any categorised cover stays behind the placeholder for them.
 */
export function canShowCover(
  categories: readonly ExplicitCoverArt[],
  allowed: readonly ExplicitCoverArt[] | null | undefined,
): boolean {
  return categories.every((category) => allowed?.includes(category) ?? false);
}

/** Share of a track's votes that are down-votes (0 when nobody voted), 0-1. */
export function downvoteShare({ upvotes, downvotes }: { upvotes: number; downvotes: number }) {
  const total = upvotes + downvotes;
  return total > 0 ? downvotes / total : 0;
}

export const ratingsCountText = (count: number) =>
  `${count.toLocaleString('en')} ${count === 1 ? 'rating' : 'ratings'}`;

/** 'A, B & C' for display (titles, descriptions). */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}
