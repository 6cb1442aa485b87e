/**
 * pg_trgm's word similarity (`word_similarity(query, text)`, the measure
 * behind `<%`), worked out in JavaScript to the same float4 PostgreSQL gives.
 *
 * How pg_trgm reads a text: its words are the runs of letters and digits
 * (for the database's C.UTF-8 ctype: Unicode's alphabetic characters, which
 * take in the vowel signs and points of scripts that write them as marks,
 * and the decimal digits of every script; not ², ½ or ①), each lower-cased
 * character by character and padded as "  word "; its trigrams are every
 * three characters of each padded word, so a word of n characters has n + 1.
 * PostgreSQL keeps a trigram holding a multibyte character as a 3-byte hash
 * of it; here trigrams are compared by their characters, as if no two hashes
 * collided.
 *
 * The query's trigrams count once each (ulen1). The text's trigrams are a
 * sequence, and the similarity of a stretch of it is count / (ulen1 + ulen2
 * - count), ulen2 the stretch's distinct trigrams, count those of them the
 * query holds. pg_trgm takes the best of the stretches a greedy scan meets,
 * which is not always the best stretch of all: the scan is reproduced as
 * pg_trgm runs it, each step in float4.
 */

/** A trigram, as the ids of its three characters: one number when all are small, else a string. */
type TrigramKey = number | string;

const SPACE = 0x20;
/** Character ids below this make a trigram key of one small integer (10 bits a character). */
const SMALL_ID = 1 << 10;

/** The id of each ASCII character in a word (lower-cased: the code of its lower case), or -1. */
const ASCII_IDS = new Int16Array(128).fill(-1);
for (let c = 0; c < 128; c += 1) {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a)) ASCII_IDS[c] = c;
  else if (c >= 0x41 && c <= 0x5a) ASCII_IDS[c] = c + 0x20;
}

/**
 * What the C.UTF-8 ctype counts as a letter or digit: alphabetic, or a
 * decimal digit. (Unicode versions differ at the edges: characters added in
 * recent versions may not be word characters to the database's C library.)
 */
const WORD_CHAR = /^[\p{Alphabetic}\p{Nd}]$/u;

/**
 * Non-ASCII characters met so far: the id of the character's lower case, or
 * -1 when it is not a word character. Ids of non-ASCII characters are given
 * in the order they are met, from 128, so that the scripts in use get small
 * ones; the table holds at most one entry per character met.
 */
const nonAsciiIds = new Map<number, number>();
const idOfLowerCase = new Map<number, number>();
/** The code point of each id (ASCII ids are their own code). */
const codePointOfId: number[] = Array.from({ length: 128 }, (_, c) => c);

function nonAsciiId(cp: number): number {
  let id = nonAsciiIds.get(cp);
  if (id !== undefined) return id;
  id = -1;
  const char = String.fromCodePoint(cp);
  if (WORD_CHAR.test(char)) {
    // One character for one, as the C library lower-cases (İ becomes i, not i and a dot).
    const lower = char.toLowerCase().codePointAt(0)!;
    if (lower < 128) id = lower;
    else {
      id = idOfLowerCase.get(lower);
      if (id === undefined) {
        id = codePointOfId.length;
        codePointOfId.push(lower);
        idOfLowerCase.set(lower, id);
      }
    }
  }
  nonAsciiIds.set(cp, id);
  return id;
}

function trigramKey(a: number, b: number, c: number): TrigramKey {
  if ((a | b | c) < SMALL_ID) return (a << 20) | (b << 10) | c;
  return String.fromCharCode(a & 0xffff, a >>> 16, b & 0xffff, b >>> 16, c & 0xffff, c >>> 16);
}

/** Scratch space, reused from call to call (each call runs to its end before the next). */
let keys: TrigramKey[] = [];
let sequence = new Int32Array(256);
let lastSeen = new Int32Array(256);

/**
 * Writes the text's trigrams, in order, into `keys` (or, given `chars`, the
 * ids of their characters, three a trigram); answers how many there are.
 */
function readTrigrams(text: string, chars?: number[]): number {
  let n = 0;
  let inWord = false;
  // The two characters before the next one, in the padded word.
  let before2 = SPACE;
  let before1 = SPACE;
  const length = text.length;
  for (let i = 0; i <= length; i += 1) {
    let id = -1;
    if (i < length) {
      let cp = text.charCodeAt(i);
      if (cp < 128) id = ASCII_IDS[cp]!;
      else {
        if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < length) {
          const low = text.charCodeAt(i + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
            i += 1;
          }
        }
        id = nonAsciiId(cp);
      }
    }
    if (id >= 0) {
      if (!inWord) {
        inWord = true;
        before2 = SPACE;
        before1 = SPACE;
      }
    } else if (inWord) {
      inWord = false;
      id = SPACE;
    } else continue;
    if (chars) chars.push(before2, before1, id);
    else keys[n] = trigramKey(before2, before1, id);
    n += 1;
    before2 = before1;
    before1 = id;
  }
  return n;
}

/** The distinct trigrams of a text, in the order they first come, each as its three characters. */
export function textTrigrams(text: string): string[] {
  const chars: number[] = [];
  const n = readTrigrams(text, chars);
  const out = new Set<string>();
  for (let t = 0; t < n; t += 1) {
    out.add(
      String.fromCodePoint(
        codePointOfId[chars[3 * t]!]!,
        codePointOfId[chars[3 * t + 1]!]!,
        codePointOfId[chars[3 * t + 2]!]!,
      ),
    );
  }
  return [...out];
}

/** pg_trgm's CALCSML: the similarity of a stretch, divided in float4. */
function similarityOf(count: number, queryCount: number, unique: number): number {
  return Math.fround(count / (queryCount + unique - count));
}

/**
 * pg_trgm's scan of the text's trigram sequence (`sequence[0..length)`, each
 * trigram numbered: the query's 0 to queryCount - 1, the others after), for
 * `distinct` trigram numbers in all.
 *
 * The upper end of the stretch moves to each trigram the query holds; for
 * each, the lower end tries the query's trigrams from where it stands up to
 * the upper end and stays at the best (the first of equals), never to move
 * back. The counts of the stretch move with it: `lastSeen` holds each
 * trigram's last place in the stretch, -1 when it is not in it.
 */
function greedyScan(length: number, queryCount: number, distinct: number): number {
  if (lastSeen.length < distinct)
    lastSeen = new Int32Array(Math.max(distinct, 2 * lastSeen.length));
  lastSeen.fill(-1, 0, distinct);
  let best = 0;
  let lower = -1;
  let unique = 0;
  let count = 0;
  for (let upper = 0; upper < length; upper += 1) {
    const trigram = sequence[upper]!;
    const inQuery = trigram < queryCount;
    // Before the stretch starts, only the query's trigrams are counted.
    if (lower >= 0 || inQuery) {
      if (lastSeen[trigram]! < 0) {
        unique += 1;
        if (inQuery) count += 1;
      }
      lastSeen[trigram] = upper;
    }
    if (!inQuery) continue;
    if (lower < 0) {
      lower = upper;
      unique = 1;
    }
    let current = similarityOf(count, queryCount, unique);
    let tryCount = count;
    let tryUnique = unique;
    const from = lower;
    for (let at = from; at <= upper; at += 1) {
      const there = sequence[at]!;
      if (there < queryCount) {
        const value = similarityOf(tryCount, queryCount, tryUnique);
        if (value > current) {
          current = value;
          lower = at;
          unique = tryUnique;
          count = tryCount;
        }
      }
      // Past `at`, the stretch loses its trigram if this was its last place.
      if (lastSeen[there] === at) {
        tryUnique -= 1;
        if (there < queryCount) tryCount -= 1;
      }
    }
    if (current > best) best = current;
    for (let at = from; at < lower; at += 1) {
      const there = sequence[at]!;
      if (lastSeen[there] === at) lastSeen[there] = -1;
    }
  }
  return best;
}

/**
 * Numbers for trigrams, given from 0 in the order they are first met: a
 * text read once into the numbers of its trigrams is then looked up and
 * measured against queries with no strings and no maps (memory.ts keeps each
 * row's). A trigram no text has brought is given no number by a query.
 */
export class TrigramCodes {
  private readonly codeOf = new Map<TrigramKey, number>();
  private scratch = new Int32Array(256);
  /** Scratch for measuring: the query's place of each code, and the others' of one text. */
  private queryMark = new Int32Array(0);
  private queryAt = new Int32Array(0);
  private otherMark = new Int32Array(0);
  private otherAt = new Int32Array(0);
  private queryStamp = 0;
  private otherStamp = 0;
  /** Whose query the query marks hold. */
  private stamped: object | undefined;

  /** How many trigrams have a number. */
  get size(): number {
    return this.codeOf.size;
  }

  /**
   * The numbers of the text's trigrams in order, repeats kept (what the
   * similarity scan reads), numbering those met for the first time. The
   * answer is scratch space, good until the next call.
   */
  encode(text: string): Int32Array {
    const n = readTrigrams(text);
    if (this.scratch.length < n) this.scratch = new Int32Array(2 * n);
    for (let t = 0; t < n; t += 1) {
      const key = keys[t]!;
      let code = this.codeOf.get(key);
      if (code === undefined) {
        code = this.codeOf.size;
        this.codeOf.set(key, code);
      }
      this.scratch[t] = code;
    }
    if (keys.length > 4096) keys = [];
    return this.scratch.subarray(0, n);
  }

  /** The text's distinct trigrams: how many, and the numbers of those that have one. */
  known(text: string): { distinct: number; codes: number[] } {
    const n = readTrigrams(text);
    const distinct = new Set<TrigramKey>();
    for (let t = 0; t < n; t += 1) distinct.add(keys[t]!);
    const codes: number[] = [];
    for (const key of distinct) {
      const code = this.codeOf.get(key);
      if (code !== undefined) codes.push(code);
    }
    return { distinct: distinct.size, codes };
  }

  /** The number of a trigram given as its three characters (lower case), or -1. */
  codeOfTrigram(trigram: string): number {
    const ids = [...trigram].map((char) => {
      const cp = char.codePointAt(0)!;
      return cp < 128 ? ASCII_IDS[cp]! : nonAsciiId(cp);
    });
    if (ids.length !== 3 || ids.some((id) => id < 0)) return -1;
    return this.codeOf.get(trigramKey(ids[0]!, ids[1]!, ids[2]!)) ?? -1;
  }

  /**
   * The query's side worked out once, for measuring many encoded texts
   * (`codes[from..from + length)`) against it: pg_trgm's word_similarity.
   */
  measureFor(query: string): (codes: Int32Array, from: number, length: number) => number {
    const n = readTrigrams(query);
    const places = new Map<TrigramKey, number>();
    for (let t = 0; t < n; t += 1) if (!places.has(keys[t]!)) places.set(keys[t]!, places.size);
    const queryCount = places.size;
    const known: [code: number, place: number][] = [];
    for (const [key, place] of places) {
      const code = this.codeOf.get(key);
      if (code !== undefined) known.push([code, place]);
    }
    const owner = {};
    return (codes, from, length) => {
      if (queryCount === 0) return 0;
      this.makeRoom();
      if (this.stamped !== owner) {
        this.queryStamp = this.next(this.queryStamp, this.queryMark);
        for (const [code, place] of known) {
          this.queryMark[code] = this.queryStamp;
          this.queryAt[code] = place;
        }
        this.stamped = owner;
      }
      const stamp = (this.otherStamp = this.next(this.otherStamp, this.otherMark));
      if (sequence.length < length)
        sequence = new Int32Array(Math.max(length, 2 * sequence.length));
      const { queryMark, queryAt, otherMark, otherAt } = this;
      const queryStamp = this.queryStamp;
      let distinct = queryCount;
      for (let t = 0; t < length; t += 1) {
        const code = codes[from + t]!;
        if (queryMark[code] === queryStamp) sequence[t] = queryAt[code]!;
        else if (otherMark[code] === stamp) sequence[t] = otherAt[code]!;
        else {
          otherMark[code] = stamp;
          otherAt[code] = distinct;
          sequence[t] = distinct;
          distinct += 1;
        }
      }
      return greedyScan(length, queryCount, distinct);
    };
  }

  /** The mark arrays as long as the numbers given (grown, they are unmarked: the query marked again). */
  private makeRoom(): void {
    const size = this.codeOf.size;
    if (this.otherMark.length >= size) return;
    const length = Math.max(size, 2 * this.otherMark.length, 1024);
    this.queryMark = new Int32Array(length);
    this.queryAt = new Int32Array(length);
    this.otherMark = new Int32Array(length);
    this.otherAt = new Int32Array(length);
    this.queryStamp = 0;
    this.otherStamp = 0;
    this.stamped = undefined;
  }

  /** The next stamp after `stamp`, from 1: once they run out, the marks are cleared and they start again. */
  private next(stamp: number, marks: Int32Array): number {
    if (stamp < 0x7fffffff) return stamp + 1;
    marks.fill(0);
    return 1;
  }
}

/** Texts measured by similarityTo and wordSimilarity are numbered here. */
const looseCodes = new TrigramCodes();

/** The query's side worked out once, for measuring many texts against one query. */
export function similarityTo(query: string): (text: string) => number {
  // The query's trigrams numbered first, so a text's trigram that the query holds is known as such.
  looseCodes.encode(query);
  const measure = looseCodes.measureFor(query);
  return (text) => {
    const codes = looseCodes.encode(text);
    return measure(codes, 0, codes.length);
  };
}

let lastQuery: { query: string; measure: (text: string) => number } | undefined;

/** pg_trgm's word_similarity(query, text), computed in JavaScript: the same value PostgreSQL returns (a float4), for the folded texts search keeps. */
export function wordSimilarity(query: string, text: string): number {
  if (lastQuery?.query !== query) lastQuery = { query, measure: similarityTo(query) };
  return lastQuery.measure(text);
}
