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
const othersSeen = new Map<TrigramKey, number>();

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

/** The query's side worked out once, for measuring many texts against one query. */
export function similarityTo(query: string): (text: string) => number {
  const queryIndex = new Map<TrigramKey, number>();
  const n = readTrigrams(query);
  for (let t = 0; t < n; t += 1) {
    const key = keys[t]!;
    if (!queryIndex.has(key)) queryIndex.set(key, queryIndex.size);
  }
  const queryCount = queryIndex.size;
  if (queryCount === 0) return () => 0;
  return (text: string) => {
    const length = readTrigrams(text);
    if (sequence.length < length) sequence = new Int32Array(Math.max(length, 2 * sequence.length));
    othersSeen.clear();
    for (let t = 0; t < length; t += 1) {
      const key = keys[t]!;
      let index = queryIndex.get(key);
      if (index === undefined) {
        index = othersSeen.get(key);
        if (index === undefined) {
          index = queryCount + othersSeen.size;
          othersSeen.set(key, index);
        }
      }
      sequence[t] = index;
    }
    if (keys.length > 4096) keys = [];
    return greedyScan(length, queryCount, queryCount + othersSeen.size);
  };
}

let lastQuery: { query: string; measure: (text: string) => number } | undefined;

/** pg_trgm's word_similarity(query, text), computed in JavaScript: the same value PostgreSQL returns (a float4), for the folded texts search keeps. */
export function wordSimilarity(query: string, text: string): number {
  if (lastQuery?.query !== query) lastQuery = { query, measure: similarityTo(query) };
  return lastQuery.measure(text);
}
