import type { DatePrecision, ExplicitCoverArt } from '@earmark/common';

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A release date as precisely as it is known: '5 Mar 2024' (day), 'Mar 2024'
 * (month) or '2024' (year). The API sends the earliest possible day
 * ('YYYY-MM-DD'); it is read as a calendar date, never through a time zone,
 * so it cannot shift by a day. Missing or unreadable dates give ''.
 */
export function formatReleaseDate(
  date: string | null | undefined,
  precision: DatePrecision | null | undefined,
): string {
  const match = date ? DATE_PATTERN.exec(date) : null;
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (precision === 'year' || !monthName) return year;
  if (precision === 'month') return `${monthName} ${year}`;
  return `${Number(day)} ${monthName} ${year}`;
}

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
