import { keepBest } from './best';
import { textTrigrams } from './similarity';

/**
 * Every word of every searchable text held in memory (the texts split on
 * blanks, as a query is), with how many texts hold it: what a mistyped
 * query word is read as (typos.ts). A word no text holds any more is
 * forgotten, so a correction always finds something.
 *
 * A reading is a word whose trigram similarity to the typed word (pg_trgm's
 * `similarity`: shared trigrams over all the trigrams of either, in float4)
 * is at least READING_SIMILARITY_MIN; the READINGS_PER_WORD most similar
 * (then by code unit order) are handed over, and the distance in typos
 * (typos.ts) chooses among them.
 */

/** How similar a word must be to the typed one to be read as what was meant. */
const READING_SIMILARITY_MIN = 0.2;
/** How many words, the most similar first, are measured for each typed word. */
const READINGS_PER_WORD = 20;

export const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);

interface Candidate {
  word: string;
  similarity: number;
}

/** Readings in the order they are handed over: the most similar first, then by code units. */
const before = (a: Candidate, b: Candidate) =>
  b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

interface Word {
  text: string;
  /** How many texts hold it: 0 once forgotten (its id is then free). */
  held: number;
  trigrams: number;
}

export class Vocabulary {
  private readonly words: Word[] = [];
  private readonly idOf = new Map<string, number>();
  private readonly free: number[] = [];
  /** For each trigram, the ids of the words holding it (forgotten ones included until reused). */
  private readonly postings = new Map<string, number[]>();
  private counted = new Uint16Array(0);

  /** The words of a text added to the vocabulary (`by` 1) or taken out of it (-1). */
  count(text: string, by: 1 | -1): void {
    for (const word of new Set(wordsOf(text))) {
      const id = this.idOf.get(word);
      if (id !== undefined) {
        const entry = this.words[id]!;
        entry.held += by;
        if (entry.held <= 0) this.forget(word, id);
      } else if (by > 0) {
        this.learn(word);
      }
    }
  }

  private learn(word: string): void {
    const trigrams = textTrigrams(word);
    const id = this.free.pop() ?? this.words.length;
    this.words[id] = { text: word, held: 1, trigrams: trigrams.length };
    this.idOf.set(word, id);
    for (const trigram of trigrams) {
      const list = this.postings.get(trigram);
      if (list) list.push(id);
      else this.postings.set(trigram, [id]);
    }
  }

  private forget(word: string, id: number): void {
    this.idOf.delete(word);
    for (const trigram of textTrigrams(word)) {
      const list = this.postings.get(trigram)!;
      list.splice(list.indexOf(id), 1);
      if (list.length === 0) this.postings.delete(trigram);
    }
    this.words[id] = { text: '', held: 0, trigrams: 0 };
    this.free.push(id);
  }

  /** The words `typed` may have been meant as, the most similar first. */
  readings(typed: string): string[] {
    const trigrams = textTrigrams(typed);
    if (trigrams.length === 0) return [];
    if (this.counted.length < this.words.length) {
      this.counted = new Uint16Array(this.words.length * 2);
    }
    const shared = this.counted;
    const touched: number[] = [];
    for (const trigram of trigrams) {
      for (const id of this.postings.get(trigram) ?? []) {
        if (shared[id] === 0) touched.push(id);
        shared[id] = shared[id]! + 1;
      }
    }
    // The READINGS_PER_WORD most similar kept in order as they come: a
    // common trigram brings thousands of words, most of them never kept.
    const best: Candidate[] = [];
    for (const id of touched) {
      const count = shared[id]!;
      shared[id] = 0;
      const word = this.words[id]!;
      const similarity = Math.fround(
        Math.fround(count) / Math.fround(trigrams.length + word.trigrams - count),
      );
      if (similarity < READING_SIMILARITY_MIN) continue;
      keepBest(best, { word: word.text, similarity }, READINGS_PER_WORD, before);
    }
    return best.map((r) => r.word);
  }
}
