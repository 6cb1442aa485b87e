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

/** 2 when every word is a whole word of the text, 3 when every word starts one. */
export function wordRank(text: string, words: readonly string[]): number | undefined {
  let whole = true;
  for (const word of words) {
    const match = wordMatch(text, word);
    if (match === 0) return undefined;
    if (match === 1) whole = false;
  }
  return whole ? 2 : 3;
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

/** An ascending list of slots, and for a long one, the same slots as a bit set. */
export interface SlotList {
  slots: readonly number[];
  bits?: Uint32Array | undefined;
}

/** Whether the bit set holds `slot` (a slot past its end is not held). */
export const hasBit = (bits: Uint32Array, slot: number) =>
  ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;

export function setBit(bits: Uint32Array, slot: number): void {
  const at = slot >>> 5;
  bits[at] = bits[at]! | (1 << (slot & 31));
}

/** The bit set of an ascending list of slots. */
export function bitsOf(slots: readonly number[], size: number): Uint32Array {
  const bits = new Uint32Array((size + 31) >>> 5);
  for (const slot of slots) setBit(bits, slot);
  return bits;
}

/**
 * Slots on every one of some lists, met in ascending order: a slot of the
 * shortest list is looked up in each other list, in its bit set when it
 * has one, else from where the last one was found (galloping: steps of 1,
 * 2, 4… then halving); so a walk over the shortest list costs little more
 * than the slots it keeps, and stops when its caller has found enough.
 */
export class ListsWalk {
  /** The shortest list: the slots to walk. */
  readonly slots: readonly number[];
  private readonly others: readonly SlotList[];
  private readonly places: Int32Array;

  constructor(lists: readonly SlotList[]) {
    const sorted = [...lists].sort((a, b) => a.slots.length - b.slots.length);
    this.slots = sorted[0]?.slots ?? [];
    this.others = sorted.slice(1);
    this.places = new Int32Array(this.others.length);
  }

  /** Whether every other list holds `slot` (asked with slots in ascending order). */
  inAll(slot: number): boolean {
    for (let k = 0; k < this.others.length; k += 1) {
      const { slots: list, bits } = this.others[k]!;
      if (bits) {
        if (!hasBit(bits, slot)) return false;
        continue;
      }
      let low = this.places[k]!;
      let step = 1;
      let high = low;
      while (high < list.length && list[high]! < slot) {
        low = high + 1;
        high += step;
        step *= 2;
      }
      if (high > list.length) high = list.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (list[middle]! < slot) low = middle + 1;
        else high = middle;
      }
      this.places[k] = low;
      if (list[low] !== slot) return false;
    }
    return true;
  }
}

/** How many of a word's inner trigrams `nearlyHeld` tests at most (a longer word's spread over it). */
const NEARLY_TESTS = 8;

/**
 * The test of whether a text holds at least half the inner trigrams of
 * `word` (up to NEARLY_TESTS of them): a word with one typo keeps about
 * half. A word with fewer than three inner trigrams keeps none for sure,
 * and every text passes.
 */
export function nearlyHeld(word: string): (text: string) => boolean {
  const trigrams = [...new Set([...word].slice(2).map((_, i) => word.slice(i, i + 3)))];
  if (trigrams.length < 3) return () => true;
  const count = Math.min(trigrams.length, NEARLY_TESTS);
  const tested = Array.from(
    { length: count },
    (_, i) => trigrams[Math.floor((i * trigrams.length) / count)]!,
  );
  const needed = Math.ceil(count / 2);
  return (text) => {
    let held = 0;
    for (let i = 0; i < count; i += 1) if (text.includes(tested[i]!)) held += 1;
    return held >= needed;
  };
}

/** Ids compared as PostgreSQL compares them in the C collation: by code unit for ASCII ids. */
export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgreSQL's round(x::numeric, 1) of a float4: its six significant digits, then half away from zero. */
export function roundTenth(value: number): number {
  return Math.round(Number(value.toPrecision(6)) * 10) / 10;
}

/** Whether the text holds every long word (or, for a query of short words only, starts with it). */
export function holdsAll(text: string, long: readonly string[], query: string): boolean {
  if (long.length === 0) return text.startsWith(query);
  for (let i = 0; i < long.length; i += 1) if (!text.includes(long[i]!)) return false;
  return true;
}
