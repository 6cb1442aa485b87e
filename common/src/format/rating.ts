import { RATING_MAX, RATING_MIN } from '../constants';

/**
 * Shows a stored rating (integer 0-100) on the 0-10 scale with one decimal:
 * 85 → '8.5', 0 → '0.0'. A perfect 100 reads '10' rather than '10.0' so it
 * fits the same width as the others. No rating gives ''.
 */
export function formatRating(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(value)));
  if (clamped === RATING_MAX) return '10';
  return (clamped / 10).toFixed(1);
}

export type RatingInput = { kind: 'clear' } | { kind: 'value'; value: number } | { kind: 'ignore' };

/** Plain decimal numbers only: no sign, exponent, hex or thousands separators. */
const DECIMAL_PATTERN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads what a user typed in the rating box (0-10 in steps of 0.1).
 * - empty or whitespace → clear the rating;
 * - a valid number → the stored value (typed × 10, an integer 0-100);
 * - anything else (out of range, finer than 0.1, not a number) → ignore the
 *   keystroke and keep the current rating.
 */
export function parseRatingInput(text: string): RatingInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'clear' };
  if (!DECIMAL_PATTERN.test(trimmed)) return { kind: 'ignore' };
  const typed = Number(trimmed);
  // Multiplying by ten gives float noise ('0.3' × 10 = 3.0000000000000004),
  // so round and accept only values that were already on a 0.1 step.
  const scaled = typed * 10;
  const value = Math.round(scaled);
  if (Math.abs(scaled - value) > 1e-9) return { kind: 'ignore' };
  if (value < RATING_MIN || value > RATING_MAX) return { kind: 'ignore' };
  return { kind: 'value', value };
}

/**
 * Groups a stored rating into one of eleven chart buckets: 0-9 → 0, 10-19 → 1,
 * … 90-99 → 9, and 100 alone → 10.
 */
export function ratingBucket(value: number): number {
  const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, value));
  return Math.floor(clamped / 10);
}
