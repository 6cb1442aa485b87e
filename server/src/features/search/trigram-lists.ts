import { TrigramCodes } from './similarity';
import { bitsOf, setBit, type SlotList } from './text-tests';

/**
 * The trigrams of one kind's texts, by slot (memory.ts): each trigram
 * (pg_trgm's: every word padded "  word ", every three characters) has a
 * number and lists the slots holding it, and each slot keeps the numbers
 * of its text's trigrams in order, for measuring word similarity.
 */

/**
 * A trigram list this long is also kept as a bit set (a bit per slot) once
 * a query needs it: a slot is then looked up in it at once.
 */
const BITS_FROM = 1024;

export class TrigramLists {
  private readonly codes = new TrigramCodes();
  /** Every slot's trigram numbers, one after the other. */
  private pool = new Int32Array(1 << 16);
  private poolUsed = 0;
  private readonly codesStart: number[] = [];
  private readonly codesLength: number[] = [];
  /** For each trigram's number, the slots whose text holds it, ascending. */
  private postings: (number[] | undefined)[] = [];
  /** The same, as bit sets: made for long lists when a query first needs them. */
  private postingBits: (Uint32Array | undefined)[] = [];
  /** One past the highest slot added. */
  private slots = 0;

  /** Adds the trigrams of a slot's text (slots come in ascending order). */
  add(slot: number, text: string): void {
    const codes = this.codes.encode(text);
    if (this.poolUsed + codes.length > this.pool.length) {
      const grown = new Int32Array(2 * (this.poolUsed + codes.length));
      grown.set(this.pool.subarray(0, this.poolUsed));
      this.pool = grown;
    }
    this.pool.set(codes, this.poolUsed);
    this.codesStart[slot] = this.poolUsed;
    this.codesLength[slot] = codes.length;
    this.poolUsed += codes.length;
    this.slots = slot + 1;
    for (const code of new Set(codes)) {
      const list = this.postings[code];
      if (list) list.push(slot);
      else this.postings[code] = [slot];
      const bits = this.postingBits[code];
      // A slot past the bit set's end: the set is made again when next needed.
      if (bits && slot >>> 5 < bits.length) setBit(bits, slot);
      else if (bits) this.postingBits[code] = undefined;
    }
  }

  /** Every slot's trigrams dropped (the trigrams keep their numbers). */
  clear(): void {
    this.codesStart.length = 0;
    this.codesLength.length = 0;
    this.postings = [];
    this.postingBits = [];
    this.poolUsed = 0;
    this.slots = 0;
  }

  /** Gives back the room kept for slots to come, past an eighth more (after a load). */
  settle(): void {
    const room = this.poolUsed + (this.poolUsed >>> 3);
    if (this.pool.length > room) this.pool = this.pool.slice(0, room);
  }

  /** The slots holding a trigram given as its three characters, with their bit set when the list is long. */
  ofTrigram(trigram: string): SlotList {
    const code = this.codes.codeOfTrigram(trigram);
    const slots = this.postings[code];
    if (!slots) return { slots: [] };
    if (slots.length < BITS_FROM) return { slots };
    let bits = this.postingBits[code];
    if (!bits) {
      bits = bitsOf(slots, this.slots);
      this.postingBits[code] = bits;
    }
    return { slots, bits };
  }

  /** The lists of the query's distinct trigrams that some text holds, and how many distinct it has. */
  ofQuery(query: string): { distinct: number; lists: number[][] } {
    const { distinct, codes } = this.codes.known(query);
    return { distinct, lists: codes.map((code) => this.postings[code] ?? []) };
  }

  /** pg_trgm's word similarity of the query to each slot's text. */
  similarityTo(query: string): (slot: number) => number {
    const measure = this.codes.measureFor(query);
    return (slot) => measure(this.pool, this.codesStart[slot]!, this.codesLength[slot]!);
  }
}
