/**
 * The tests search puts a row's folded text to, each alone (memory.ts
 * ranks with them): whether it holds the query's words, how a word sits in
 * it, whether a name is or starts with the query, whether it nearly holds a
 * mistyped word; and the lists of slots they are read from.
 */

/** Letters and digits: what pg_trgm and PostgreSQL's word boundaries (`\m`, `\M`) take as a word. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordCodePoint(code: number | undefined): boolean {
  if (code === undefined) return false;
  if (code < 128) {
    return (
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      code === 95
    );
  }
  return WORD_CHAR.test(String.fromCodePoint(code));
}

/** Whether the character ending just before UTF-16 position `at` is a word character. */
function wordBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) return isWordCodePoint(text.codePointAt(at - 2));
  return isWordCodePoint(low);
}

const wordAt = (text: string, at: number) =>
  at < text.length && isWordCodePoint(text.codePointAt(at));

/**
 * How `word` sits in `text`: 2 when it is a whole word there somewhere
 * (PostgreSQL's `\mword\M`), 1 when it only starts one (`\mword`), 0 when
 * neither.
 */
export function wordMatch(text: string, word: string): 0 | 1 | 2 {
  if (!wordAt(word, 0)) return 0;
  const endsWord = wordBefore(word, word.length);
  let best: 0 | 1 | 2 = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (wordBefore(text, at)) continue;
    if (endsWord && !wordAt(text, at + word.length)) return 2;
    best = 1;
  }
  return best;
}

/** The runs of letters and digits of a query word long enough to have trigrams inside them. */
export function innerTrigrams(word: string): string[] {
  const out: string[] = [];
  for (const run of word.split(/[^\p{L}\p{N}_]+/u)) {
    const chars = [...run];
    for (let i = 0; i + 3 <= chars.length; i += 1) out.push(chars.slice(i, i + 3).join(''));
  }
  return out;
}

/**
 * 0 when a name (the text's first two fields: the name and its Latin form)
 * is the query, 1 when one starts with it. The query holds no tab, so a
 * field starts with it exactly when the text does at the field's start.
 */
export function nameRank(text: string, q: string): number | undefined {
  const fieldIs = (start: number) => {
    const end = start + q.length;
    return end === text.length || text.charCodeAt(end) === 9;
  };
  const tab = text.indexOf('\t');
  const second = tab < 0 ? -1 : tab + 1;
  const firstStarts = text.startsWith(q);
  const secondStarts = second >= 0 && text.startsWith(q, second);
  if ((firstStarts && fieldIs(0)) || (secondStarts && fieldIs(second))) return 0;
  return firstStarts || secondStarts ? 1 : undefined;
}

/** Below this many slots, testing each is cheaper than narrowing them with another list. */
export const NARROW_ENOUGH = 64;

export const shortest = (lists: number[][]) =>
  lists.reduce((best, list) => (list.length < best.length ? list : best));

/**
 * The slots on every list (each ascending), or, once fewer than
 * NARROW_ENOUGH are left, a few more that the caller's own test then
 * leaves out: the shortest list, narrowed by the next shortest and so on,
 * each slot looked up by binary search.
 */
export function intersection(lists: number[][]): number[] {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let slots = sorted[0]!;
  for (let i = 1; i < sorted.length && slots.length > NARROW_ENOUGH; i += 1) {
    const other = sorted[i]!;
    const kept: number[] = [];
    let from = 0;
    for (const slot of slots) {
      let low = from;
      let high = other.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (other[middle]! < slot) low = middle + 1;
        else high = middle;
      }
      from = low;
      if (other[low] === slot) kept.push(slot);
    }
    slots = kept;
  }
  return slots;
}

/** How many of a word's inner trigrams `nearlyHolds` tests at most (a longer word's spread over it). */
const NEARLY_TESTS = 8;

/**
 * Whether the text holds at least half the inner trigrams of `word` (up to
 * NEARLY_TESTS of them): a word with one typo keeps about half. A word with
 * fewer than three inner trigrams keeps none for sure, and passes.
 */
export function nearlyHolds(text: string, word: string): boolean {
  const trigrams = [...new Set([...word].slice(2).map((_, i) => word.slice(i, i + 3)))];
  if (trigrams.length < 3) return true;
  const count = Math.min(trigrams.length, NEARLY_TESTS);
  let held = 0;
  for (let i = 0; i < count; i += 1) {
    if (text.includes(trigrams[Math.floor((i * trigrams.length) / count)]!)) held += 1;
  }
  return held >= Math.ceil(count / 2);
}

/** Ids compared as PostgreSQL compares them in the C collation: by code unit for ASCII ids. */
export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgreSQL's round(x::numeric, 1) of a float4: its six significant digits, then half away from zero. */
export function roundTenth(value: number): number {
  return Math.round(Number(value.toPrecision(6)) * 10) / 10;
}

/** Whether the text holds every long word (or, for a query of short words only, starts with it). */
export function holdsAll(text: string, long: readonly string[], query: string): boolean {
  return long.length === 0 ? text.startsWith(query) : long.every((w) => text.includes(w));
}
