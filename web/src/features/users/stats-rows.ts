import type {
  UserArtistStats,
  UserGenreStats,
  UserRatingStats,
  UserReleaseDateStats,
} from '@earmark/common';
import type { ChartRow } from './components/charts/chart-section';

/** How many artists or genres the bar charts show. */
export const TOP_ITEMS = 10;
const BUCKETS = Array.from({ length: 11 }, (_, bucket) => bucket);

/** All eleven rating buckets in order, labelled 0..10, missing ones as zero. */
export function ratingRows(stats: UserRatingStats): ChartRow[] {
  const counts = new Map(stats.map((row) => [row.bucket, row.count]));
  return BUCKETS.map((bucket) => ({
    key: String(bucket),
    label: String(bucket),
    value: counts.get(bucket) ?? 0,
  }));
}

/**
 * Highest count first; ties keep the server's order (the user's higher
 * average rating first), as the sort is stable.
 */
const byCount = (a: ChartRow, b: ChartRow) => b.value - a.value;

export const artistRows = (stats: UserArtistStats): ChartRow[] =>
  stats
    .map((row) => ({ key: row.artist.id, label: row.artist.name, value: row.count }))
    .sort(byCount)
    .slice(0, TOP_ITEMS);

export const genreRows = (stats: UserGenreStats): ChartRow[] =>
  stats
    .map((row) => ({ key: row.genre.id, label: row.genre.name, value: row.count }))
    .sort(byCount)
    .slice(0, TOP_ITEMS);

/** Decades oldest first, labelled '1990s'. */
export const decadeRows = (stats: UserReleaseDateStats): ChartRow[] =>
  [...stats.decades]
    .sort((a, b) => a.decade - b.decade)
    .map((row) => ({ key: String(row.decade), label: `${row.decade}s`, value: row.count }));

/** The row with the largest value (the first of equals), or null when all are zero. */
export function topRow(rows: readonly ChartRow[]): ChartRow | null {
  let best: ChartRow | null = null;
  for (const row of rows) if (row.value > 0 && (!best || row.value > best.value)) best = row;
  return best;
}
