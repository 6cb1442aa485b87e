import type { Terms } from './words';

/**
 * Mistyped words. A query word that no searchable text holds (and so no row
 * either) is read as the search word it is a typo or two away from, the
 * most similar first: 'radiohed' as 'radiohead', 'anirals' as 'animals'.
 * The words of every searchable text are held by the search index
 * (vocabulary.ts), which hands over the few most like each such word; the
 * distance is measured here. The corrected query is then searched as
 * if it had been typed, ranked as any other.
 *
 * Testing the rows themselves for similarity misses a typo in a short word:
 * 'sahdow' and 'shadow' share three trigrams of eleven, below any threshold
 * that does not also match half the catalogue.
 */

/** Words this long or longer may be typos; shorter ones are still being typed. */
export const TYPO_WORD_MIN = 4;
/** Words this long or longer may hold two typos; shorter ones one. */
const TWO_TYPOS_MIN = 8;

export const typosAllowed = (length: number) => (length >= TWO_TYPOS_MIN ? 2 : 1);

/**
 * How many typos (a letter missing, added, replaced, or two side by side
 * swapped) turn `typed` into `word` — or, when `typed` is a word still being
 * typed, into the start of `word` closest to it — with that start's length
 * (the longest of equally close ones). Counted in characters, not UTF-16
 * units.
 */
export function typoDistance(
  typed: string,
  word: string,
  unfinished: boolean,
): { distance: number; length: number } {
  const a = [...typed];
  const b = [...word];
  // rows[i][j]: typos between a's first i characters and b's first j.
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + same);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  const last = rows[a.length]!;
  if (!unfinished) return { distance: last[b.length]!, length: b.length };
  let length = 0;
  for (let j = 1; j <= b.length; j += 1) if (last[j]! <= last[length]!) length = j;
  return { distance: last[length]!, length };
}

/** The query's words that may be typos (of TYPO_WORD_MIN characters or more), once each. */
export function typedWords(terms: Terms): string[] {
  return [...new Set(terms.words.filter((w) => [...w].length >= TYPO_WORD_MIN))];
}

export interface Reading {
  typed: string;
  reading: string;
}

/**
 * The terms with each word that has readings replaced by the closest of
 * them within the typos its length allows (among equally close ones, the
 * most similar: the first). The last word may be unfinished, so it is
 * replaced by the start of a reading it is closest to.
 */
export function corrected(terms: Terms, readings: readonly Reading[]): Terms {
  if (readings.length === 0) return terms;
  const lastAt = terms.words.length - 1;
  const words = terms.words.map((typed, at) => {
    let best: { distance: number; word: string } | undefined;
    for (const r of readings) {
      if (r.typed !== typed) continue;
      const { distance, length } = typoDistance(typed, r.reading, at === lastAt);
      if (distance > typosAllowed([...typed].length)) continue;
      if (best === undefined || distance < best.distance) {
        best = { distance, word: [...r.reading].slice(0, length).join('') };
      }
    }
    return best?.word ?? typed;
  });
  return { query: words.join(' '), words };
}
