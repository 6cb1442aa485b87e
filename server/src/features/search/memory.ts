import { SEARCH_RESULTS_MAX } from '@earmark/common';
import { similarityTo, textTrigrams } from './similarity';
import type { Vocabulary } from './vocabulary';
import type { Terms } from './words';

/**
 * One kind's searchable rows held in memory (releases, artists, labels,
 * genres or users), and its ranking: which rows a query finds and in what
 * order they come. search-index.ts keeps it in step with the database.
 *
 * A row is its id, its folded search text (the name, a tab, the Latin form,
 * and for a release a tab and its artists' names; db/schema/search-text.ts),
 * its popularity (ratings, followers, or releases credited) and, for the
 * kinds answered as refs, its names. Rows sit in slots; each trigram of a
 * text (pg_trgm's: every word padded "  word ", every three characters)
 * lists the slots holding it. A changed or removed row leaves its slot
 * empty; the trigram lists skip empty slots and are rebuilt once a quarter
 * of the slots are empty.
 *
 * A query finds:
 *
 * - the rows whose text holds every word of three characters or more (for a
 *   query of short words only, whose text starts with it), at most
 *   RANKED_MAX of them; for a kind with a popular head (releases: its
 *   POPULAR_HEAD most rated rows), those of the head besides, and when
 *   BROAD_IN_HEAD of the head match in a kind of BROAD_TABLE_MIN rows or
 *   more, those alone, counted as RANKED_MAX;
 * - when the words find fewer than SIMILAR_WHEN_FEWER rows and the query has
 *   SIMILAR_QUERY_MIN characters or more, the rows similar to it word by
 *   word (pg_trgm's `<%`: a word similarity of 0.6 or more, which forgives a
 *   typo), the SIMILAR_MAX most similar.
 *
 * and ranks them: 0 a name is the query; 1 a name starts with it; 2 every
 * word of the query is a whole word of the text; 3 every word starts a
 * word; then the rest by word similarity (5 less the similarity rounded to
 * a tenth: 4 to 5). Within a rank the more popular come first, then by id.
 * The count is of the rows found, at most RANKED_MAX.
 */

/** Typo tolerance starts at this many characters: shorter queries are still being typed. */
const SIMILAR_QUERY_MIN = 4;
/** How many rows a query finds at most, and the most a count says ('1,000 or more'). */
export const RANKED_MAX = SEARCH_RESULTS_MAX;
/** How many of the most popular rows of a kind with a popular head are tested besides. */
export const POPULAR_HEAD = 300;
/** When this many of the POPULAR_HEAD most popular rows match, the query is broad. */
const BROAD_IN_HEAD = 15;
/**
 * A kind this large or larger, about RANKED_MAX / (BROAD_IN_HEAD /
 * POPULAR_HEAD) rows: only there does a query that BROAD_IN_HEAD of the head
 * match hold RANKED_MAX rows or more.
 */
const BROAD_TABLE_MIN = (RANKED_MAX * POPULAR_HEAD) / BROAD_IN_HEAD;
/** Typo-tolerant matches are looked for when the words find fewer rows than this. */
const SIMILAR_WHEN_FEWER = 10;
/** How many typo-tolerant rows, the most similar first, are ranked. */
const SIMILAR_MAX = 200;
/** pg_trgm's word similarity threshold (`<%`), as the float4 it compares with. */
const SIMILAR_MIN = Math.fround(0.6);
/** Words shorter than this have no trigram of their own inside them. */
const INDEXED_WORD_MIN = 3;

export interface IndexedRow {
  id: string;
  text: string;
  popularity: number;
  name?: string | null;
  nameLatin?: string | null;
}

export interface RankedRow {
  id: string;
  name?: string | null;
  nameLatin?: string | null;
}

export interface KindPage {
  rows: RankedRow[];
  count: number;
}

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
function wordMatch(text: string, word: string): 0 | 1 | 2 {
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
function innerTrigrams(word: string): string[] {
  const out: string[] = [];
  for (const run of word.split(/[^\p{L}\p{N}_]+/u)) {
    const chars = [...run];
    for (let i = 0; i + 3 <= chars.length; i += 1) out.push(chars.slice(i, i + 3).join(''));
  }
  return out;
}

export class KindIndex {
  private readonly ids: (string | undefined)[] = [];
  private readonly texts: (string | undefined)[] = [];
  private readonly names: (string | null | undefined)[] = [];
  private readonly latins: (string | null | undefined)[] = [];
  private readonly popularity: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private postings = new Map<string, number[]>();
  /** Slots by the first one and two UTF-16 units of their text: for a query of short words. */
  private starts = new Map<string, number[]>();
  private empty = 0;
  /** The POPULAR_HEAD most popular slots, most popular first (kinds with a head); undefined when stale. */
  private head: number[] | undefined = [];
  private counted = new Uint16Array(0);

  /** `vocabulary`: where the words of the texts put in and taken out are counted. */
  constructor(
    private readonly withHead: boolean,
    private readonly vocabulary?: Vocabulary,
  ) {}

  /** How many rows are held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Puts a row in, or replaces the one of that id. */
  set(row: IndexedRow): void {
    this.put(row, true);
  }

  private put(row: IndexedRow, counted: boolean): void {
    const at = this.slotOf.get(row.id);
    if (at !== undefined && this.texts[at] === row.text) {
      this.names[at] = row.name;
      this.latins[at] = row.nameLatin;
      this.setPopularity(at, row.popularity);
      return;
    }
    if (at !== undefined) this.remove(row.id);
    const slot = this.ids.length;
    this.ids.push(row.id);
    this.texts.push(row.text);
    this.names.push(row.name);
    this.latins.push(row.nameLatin);
    this.popularity.push(row.popularity);
    this.slotOf.set(row.id, slot);
    if (counted) this.vocabulary?.count(row.text, 1);
    this.post(slot, row.text);
    this.headAdded(slot);
  }

  /** Takes the row of that id out, if it is held. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.vocabulary?.count(this.texts[slot]!, -1);
    this.ids[slot] = undefined;
    this.texts[slot] = undefined;
    this.empty += 1;
    if (this.head?.includes(slot)) this.head = undefined;
    if (this.empty > 1000 && this.empty * 4 > this.ids.length) this.compact();
  }

  private post(slot: number, text: string): void {
    for (const trigram of textTrigrams(text)) {
      const list = this.postings.get(trigram);
      if (list) list.push(slot);
      else this.postings.set(trigram, [slot]);
    }
    for (const key of new Set([text.slice(0, 1), text.slice(0, 2)])) {
      const list = this.starts.get(key);
      if (list) list.push(slot);
      else this.starts.set(key, [slot]);
    }
  }

  /** Every row moved to fresh slots, in the same order: the empty slots and their postings gone. */
  private compact(): void {
    const rows: IndexedRow[] = [];
    this.ids.forEach((id, slot) => {
      if (id === undefined) return;
      rows.push({
        id,
        text: this.texts[slot]!,
        popularity: this.popularity[slot]!,
        name: this.names[slot],
        nameLatin: this.latins[slot],
      });
    });
    for (const array of [this.ids, this.texts, this.names, this.latins, this.popularity]) {
      array.length = 0;
    }
    this.slotOf.clear();
    this.postings = new Map();
    this.starts = new Map();
    this.empty = 0;
    this.head = undefined;
    // The same texts: the vocabulary's counts stay as they are.
    for (const row of rows) this.put(row, false);
  }

  private setPopularity(slot: number, value: number): void {
    const before = this.popularity[slot]!;
    this.popularity[slot] = value;
    if (value === before || !this.withHead || this.head === undefined) return;
    if (value < before) {
      // A row of the head may fall below one outside it: worked out again when next asked.
      if (this.head.includes(slot)) this.head = undefined;
      return;
    }
    if (!this.head.includes(slot)) this.headAdded(slot);
    else this.head.sort((a, b) => this.popularity[b]! - this.popularity[a]!);
  }

  private headAdded(slot: number): void {
    const head = this.head;
    if (!this.withHead || head === undefined) return;
    const last = head.at(-1);
    if (head.length >= POPULAR_HEAD && this.popularity[last!]! >= this.popularity[slot]!) return;
    head.push(slot);
    head.sort((a, b) => this.popularity[b]! - this.popularity[a]!);
    if (head.length > POPULAR_HEAD) head.pop();
  }

  private popularHead(): number[] {
    if (this.head) return this.head;
    const head: number[] = [];
    this.head = head;
    this.ids.forEach((id, slot) => {
      if (id !== undefined) this.headAdded(slot);
    });
    return head;
  }

  /** Whether any row's text holds `word`. */
  holds(word: string): boolean {
    return this.matching({ query: word, words: [word] }, 1).length > 0;
  }

  /**
   * The slots whose text holds every long word of the query (or starts with
   * a query of short words), at most `max`, read from the rarest trigram of
   * the words (or, when no word has one, every slot).
   */
  private matching(terms: Terms, max: number, skip?: Set<number>): number[] {
    const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
    let from: Iterable<number> | undefined;
    let test: (text: string) => boolean;
    if (long.length === 0) {
      const q = terms.query;
      from = this.starts.get(q.slice(0, 2)) ?? [];
      test = (text) => text.startsWith(q);
    } else {
      const lists = [...new Set(long.flatMap(innerTrigrams))].map(
        (t) => this.postings.get(t) ?? [],
      );
      // For a few rows, testing the rarest list's first rows beats narrowing it.
      if (lists.length > 0) from = max <= NARROW_ENOUGH ? shortest(lists) : intersection(lists);
      test = (text) => long.every((w) => text.includes(w));
    }
    from ??= this.ids.keys();
    const out: number[] = [];
    for (const slot of from) {
      const text = this.texts[slot];
      if (text === undefined || skip?.has(slot) || !test(text)) continue;
      out.push(slot);
      if (out.length >= max) break;
    }
    return out;
  }

  /**
   * The slots similar to the query word by word (a word similarity of
   * SIMILAR_MIN or more), leaving out `found`: the candidates are the rows
   * holding enough of the query's trigrams for that similarity at best. For
   * a query of several long words, a similar row must hold every word but
   * one and nearly hold that one (nearlyHolds): a query with one typo
   * still has its other words as typed, and a title sharing one word and a
   * first letter with the query ('electric anthems' for 'electric
   * animals') is not what was meant.
   */
  private similar(terms: Terms, found: Set<number>, measure: (slot: number) => number): number[] {
    const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
    const out: number[] = [];
    const test = (slot: number) => {
      if (!found.has(slot) && measure(slot) >= SIMILAR_MIN) out.push(slot);
    };
    if (long.length >= 2) {
      // The rows holding every long word but one, each read from its rarest
      // trigram: at most RANKED_MAX of them in all.
      const seen = new Set<number>();
      long.forEach((typed, i) => {
        const others = long.filter((_, j) => j !== i);
        const left = RANKED_MAX - seen.size;
        if (left <= 0) return;
        for (const slot of this.matching({ query: others.join(' '), words: others }, left, seen)) {
          seen.add(slot);
          if (nearlyHolds(this.texts[slot]!, typed)) test(slot);
        }
      });
    } else {
      const trigrams = textTrigrams(terms.query);
      // A similarity of s needs at least s times the query's trigrams in the text.
      const needed = Math.ceil(SIMILAR_MIN * trigrams.length - 1e-6);
      if (trigrams.length === 0) return [];
      const shared = this.counters();
      const reached: number[] = [];
      const lists = trigrams.map((t) => this.postings.get(t) ?? []);
      for (const list of lists) {
        for (const slot of list) {
          const count = shared[slot]! + 1;
          shared[slot] = count;
          if (count === needed) reached.push(slot);
        }
      }
      for (const list of lists) for (const slot of list) shared[slot] = 0;
      for (const slot of reached) if (this.texts[slot] !== undefined) test(slot);
    }
    out.sort((a, b) => measure(b) - measure(a) || compareIds(this.ids[a]!, this.ids[b]!));
    return out.slice(0, SIMILAR_MAX);
  }

  /** A counter per slot, all zero: left zero again by whoever uses it. */
  private counters(): Uint16Array {
    if (this.counted.length < this.ids.length) this.counted = new Uint16Array(this.ids.length * 2);
    return this.counted;
  }

  /** The page (offset, limit) of the rows the query finds, ranked, and how many it finds. */
  search(terms: Terms, offset: number, limit: number): KindPage {
    const q = terms.query;
    const measureText = similarityTo(q);
    const similarity = new Map<number, number>();
    const measure = (slot: number) => {
      let value = similarity.get(slot);
      if (value === undefined) {
        value = measureText(this.texts[slot]!);
        similarity.set(slot, value);
      }
      return value;
    };

    let found: number[];
    let broad = false;
    if (this.withHead) {
      const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
      const head = this.popularHead().filter((slot) => this.testsAll(long, q, slot));
      broad = this.size >= BROAD_TABLE_MIN && head.length >= BROAD_IN_HEAD;
      found = broad ? head : [...head, ...this.matching(terms, RANKED_MAX, new Set(head))];
    } else {
      found = this.matching(terms, RANKED_MAX);
    }
    if (q.length >= SIMILAR_QUERY_MIN && found.length < SIMILAR_WHEN_FEWER) {
      found = [...found, ...this.similar(terms, new Set(found), measure)];
    }
    const count = broad ? RANKED_MAX : Math.min(RANKED_MAX, found.length);

    // Ranks in steps of rising cost, each only while the ranks so far do not fill the page.
    const need = offset + limit;
    const ranks = new Float64Array(found.length).fill(NaN);
    let ranked = 0;
    const step = (rankOf: (slot: number) => number | undefined) => {
      if (ranked >= need) return;
      found.forEach((slot, at) => {
        if (!Number.isNaN(ranks[at])) return;
        const value = rankOf(slot);
        if (value === undefined) return;
        ranks[at] = value;
        ranked += 1;
      });
    };
    step((slot) => nameRank(this.texts[slot]!, q));
    step((slot) => this.wordRank(slot, terms));
    step((slot) => 5 - roundTenth(measure(slot)));
    // The page: the best `need` rows kept in order as they come, then the offset cut.
    const before = (a: number, b: number) =>
      ranks[a]! - ranks[b]! ||
      this.popularity[found[b]!]! - this.popularity[found[a]!]! ||
      compareIds(this.ids[found[a]!]!, this.ids[found[b]!]!);
    const best: number[] = [];
    for (let at = 0; at < found.length; at += 1) {
      if (Number.isNaN(ranks[at])) continue;
      if (best.length >= need && before(at, best[best.length - 1]!) >= 0) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(best[middle]!, at) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, at);
      if (best.length > need) best.pop();
    }
    return {
      count,
      rows: best.slice(offset).map((at) => {
        const slot = found[at]!;
        return { id: this.ids[slot]!, name: this.names[slot], nameLatin: this.latins[slot] };
      }),
    };
  }

  private testsAll(long: readonly string[], query: string, slot: number): boolean {
    const text = this.texts[slot]!;
    return long.length === 0 ? text.startsWith(query) : long.every((w) => text.includes(w));
  }

  /** 2 when every word is a whole word of the text, 3 when every word starts one. */
  private wordRank(slot: number, terms: Terms): number | undefined {
    const text = this.texts[slot]!;
    let whole = true;
    for (const word of terms.words) {
      const match = wordMatch(text, word);
      if (match === 0) return undefined;
      if (match === 1) whole = false;
    }
    return whole ? 2 : 3;
  }
}

/**
 * 0 when a name (the text's first two fields: the name and its Latin form)
 * is the query, 1 when one starts with it. The query holds no tab, so a
 * field starts with it exactly when the text does at the field's start.
 */
function nameRank(text: string, q: string): number | undefined {
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
const NARROW_ENOUGH = 64;

const shortest = (lists: number[][]) =>
  lists.reduce((best, list) => (list.length < best.length ? list : best));

/**
 * The slots on every list (each ascending), or, once fewer than
 * NARROW_ENOUGH are left, a few more that the caller's own test then
 * leaves out: the shortest list, narrowed by the next shortest and so on,
 * each slot looked up by binary search.
 */
function intersection(lists: number[][]): number[] {
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
function nearlyHolds(text: string, word: string): boolean {
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
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgreSQL's round(x::numeric, 1) of a float4: its six significant digits, then half away from zero. */
function roundTenth(value: number): number {
  return Math.round(Number(value.toPrecision(6)) * 10) / 10;
}
