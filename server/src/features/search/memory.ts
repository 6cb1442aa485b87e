import { SEARCH_RESULTS_MAX } from '@earmark/common';
import {
  compareIds,
  holdsAll,
  innerTrigrams,
  ListsWalk,
  nameRank,
  nearlyHeld,
  roundTenth,
  wordRank,
} from './text-tests';
import type { Vocabulary } from './vocabulary';
import { keepBest } from './best';
import { Marks, SlotScratch, type SlotMarks } from './slot-marks';
import { TrigramLists } from './trigram-lists';
import type { Terms } from './words';

/**
 * One kind's searchable rows held in memory (releases, artists, labels,
 * genres or users), and its ranking: which rows a query finds and in what
 * order they come. ranker.ts holds one for each kind.
 *
 * A row is its id, its folded search text (the name, a tab, the Latin form,
 * and for a release a tab and its artists' names; db/schema/search-text.ts),
 * its popularity (ratings, followers, or releases credited) and, for the
 * kinds answered as refs, its names. Rows sit in slots, their trigrams in
 * lists (trigram-lists.ts). A changed or removed row leaves its slot empty;
 * the lists skip empty slots and are rebuilt once a quarter are empty.
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

export class KindIndex {
  private readonly ids: (string | undefined)[] = [];
  private readonly texts: (string | undefined)[] = [];
  private readonly names: (string | null | undefined)[] = [];
  private readonly latins: (string | null | undefined)[] = [];
  private readonly popularity: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly trigrams = new TrigramLists();
  /** Slots by the first one and two UTF-16 units of their text: for a query of short words. */
  private starts = new Map<string, number[]>();
  private empty = 0;
  /** The POPULAR_HEAD most popular slots, most popular first (kinds with a head); undefined when stale. */
  private head: number[] | undefined = [];
  private readonly scratch = new SlotScratch();

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

  /** Gives back the room kept for rows to come, past an eighth more (after a load). */
  settle(): void {
    this.trigrams.settle();
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
    this.trigrams.add(slot, text);
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
    this.trigrams.clear();
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
  private matching(terms: Terms, max: number, skip?: SlotMarks): number[] {
    const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
    const q = terms.query;
    let walk: ListsWalk | undefined;
    if (long.length === 0) {
      walk = new ListsWalk([{ slots: this.starts.get(q.slice(0, 2)) ?? [] }]);
    } else {
      const lists = [...new Set(long.flatMap(innerTrigrams))].map((t) =>
        this.trigrams.ofTrigram(t),
      );
      if (lists.length > 0) walk = new ListsWalk(lists);
    }
    const out: number[] = [];
    const texts = this.texts;
    const count = walk ? walk.slots.length : texts.length;
    for (let at = 0; at < count; at += 1) {
      const slot = walk ? walk.slots[at]! : at;
      // The lists first: most slots walked fail them, and their texts are then not read.
      if (walk && !walk.inAll(slot)) continue;
      const text = texts[slot];
      if (text === undefined || (skip !== undefined && skip.has(slot))) continue;
      if (!holdsAll(text, long, q)) continue;
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
   * one and nearly hold that one (nearlyHeld): a query with one typo
   * still has its other words as typed, and a title sharing one word and a
   * first letter with the query ('electric anthems' for 'electric
   * animals') is not what was meant.
   */
  private similar(terms: Terms, found: SlotMarks, measure: (slot: number) => number): number[] {
    const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
    const out: number[] = [];
    const test = (slot: number) => {
      if (!found.has(slot) && measure(slot) >= SIMILAR_MIN) out.push(slot);
    };
    if (long.length >= 2) {
      // The rows holding every long word but one, each read from its rarest
      // trigram: at most RANKED_MAX of them in all.
      const seen = this.scratch.marks(Marks.Seen, this.ids.length);
      let seenCount = 0;
      long.forEach((typed, i) => {
        const others = long.filter((_, j) => j !== i);
        const left = RANKED_MAX - seenCount;
        if (left <= 0) return;
        const nearly = nearlyHeld(typed);
        for (const slot of this.matching({ query: others.join(' '), words: others }, left, seen)) {
          seen.add(slot);
          seenCount += 1;
          if (nearly(this.texts[slot]!)) test(slot);
        }
      });
    } else {
      const { distinct, lists } = this.trigrams.ofQuery(terms.query);
      // A similarity of s needs at least s times the query's trigrams in the text.
      const needed = Math.ceil(SIMILAR_MIN * distinct - 1e-6);
      if (distinct === 0) return [];
      const shared = this.scratch.counters(this.ids.length);
      const reached: number[] = [];
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

  /** The page (offset, limit) of the rows the query finds, ranked, and how many it finds. */
  search(terms: Terms, offset: number, limit: number): KindPage {
    const q = terms.query;
    const measure = this.scratch.measuring(this.ids.length, this.trigrams.similarityTo(q));
    const foundSet = (slots: readonly number[]) =>
      this.scratch.marks(Marks.Found, this.ids.length, slots);

    let found: number[];
    let broad = false;
    if (this.withHead) {
      const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
      const head = this.popularHead().filter((slot) => holdsAll(this.texts[slot]!, long, q));
      broad = this.size >= BROAD_TABLE_MIN && head.length >= BROAD_IN_HEAD;
      found = broad ? head : [...head, ...this.matching(terms, RANKED_MAX, foundSet(head))];
    } else {
      found = this.matching(terms, RANKED_MAX);
    }
    if (q.length >= SIMILAR_QUERY_MIN && found.length < SIMILAR_WHEN_FEWER) {
      found = [...found, ...this.similar(terms, foundSet(found), measure)];
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
    step((slot) => wordRank(this.texts[slot]!, terms.words));
    step((slot) => 5 - roundTenth(measure(slot)));
    // The page: the best `need` rows kept in order as they come, then the offset cut.
    const before = (a: number, b: number) =>
      ranks[a]! - ranks[b]! ||
      this.popularity[found[b]!]! - this.popularity[found[a]!]! ||
      compareIds(this.ids[found[a]!]!, this.ids[found[b]!]!);
    const best: number[] = [];
    for (let at = 0; at < found.length; at += 1) {
      if (!Number.isNaN(ranks[at])) keepBest(best, at, need, before);
    }
    return {
      count,
      rows: best.slice(offset).map((at) => {
        const slot = found[at]!;
        return { id: this.ids[slot]!, name: this.names[slot], nameLatin: this.latins[slot] };
      }),
    };
  }
}
