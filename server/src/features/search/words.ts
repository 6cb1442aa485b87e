import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * A search query's words and the tests of a text against them, as the
 * ranking statement (ranking.ts) writes them: whether a text holds the
 * words, or nearly holds one, and how a statement with a generic plan pads
 * its lists of words so that its text depends on few things.
 */

/** Below this length a word has no trigram of its own to look up. */
const INDEXED_WORD_MIN = 3;

/**
 * Queries of at most this many words are ranked by a prepared statement
 * with a generic plan, made once per connection and shape (see rankedPages
 * in ranking.ts).
 */
const GENERIC_PLAN_WORDS_MAX = 8;
export const generic = (terms: Terms) => terms.words.length <= GENERIC_PLAN_WORDS_MAX;

/**
 * The lengths a generic statement's lists of words (and of typo readings)
 * are padded to, by the query's number of words: queries of three or four
 * words share a text, and of five to eight another.
 */
const PADDED_LENGTHS = [1, 2, 4, 8];

/**
 * `items` (the query's words, its long words, or a reading for each long
 * word) padded by repeating its last item to the first of PADDED_LENGTHS
 * that holds all the query's words, for a statement with a generic plan:
 * every test of such a list is a conjunction (or, for typo readings, a
 * disjunction), which an item twice leaves as it is. The text then depends
 * on how many words the query has, not on how many of them are long.
 * Other statements, and an empty list, take it as it is.
 */
export function padded<T>(items: readonly T[], terms: Terms): T[] {
  const last = items.at(-1);
  const length = PADDED_LENGTHS.find((n) => n >= terms.words.length);
  if (!generic(terms) || last === undefined || length === undefined) return [...items];
  return [...items, ...Array<T>(length - items.length).fill(last)];
}

export interface Terms {
  /** The query folded as the texts are, blanks collapsed. */
  query: string;
  words: string[];
}

/** Printable ASCII: what `unaccent` leaves as it is, so lower case alone folds it. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * The query as search compares it: folded by the database, so exactly as
 * the texts are (a plain ASCII query, as most are, needs no round trip).
 */
export async function searchTerms(db: DbOrTx, q: string): Promise<Terms> {
  let folded = q.toLowerCase();
  if (!PLAIN_ASCII.test(q)) {
    const [row] = await rowsOf<{ folded: string }>(
      db,
      sql`select search_fold(${q}::text) as folded`,
    );
    folded = row?.folded ?? '';
  }
  const words = folded.split(/\s+/).filter((w) => w.length > 0);
  return { query: words.join(' '), words };
}

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');
export const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const longWords = (terms: Terms) => terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
export const holds = (text: SQLWrapper, words: string[]) =>
  and(...words.map((w) => sql`${text} like ${`%${likeEscape(w)}%`}`))!;

/** Rows whose text holds every word of three characters or more (or starts with a short query). */
export function holdsWords(text: SQLWrapper, terms: Terms): SQL {
  const long = longWords(terms);
  if (long.length === 0) return sql`${text} like ${`${likeEscape(terms.query)}%`}`;
  return holds(text, padded(long, terms));
}

/**
 * How many trigrams of a word `nearly` tests at most (a longer word's are
 * spread over it). In a statement with a generic plan a shorter word's are
 * padded with tests that fail, so that its text does not depend on the
 * word's length.
 */
const NEARLY_TESTS = 8;

/**
 * Whether the text holds at least half the inner trigrams of `word` (a
 * `like` each, fifty times cheaper than a word similarity): a word with one
 * typo keeps about half of them. Words of four letters or fewer keep none
 * for sure, so they are not tested (in a statement with a generic plan, by
 * a test every row passes: nothing of at least none).
 */
export function nearly(text: SQLWrapper, word: string, fixedShape: boolean): SQL | undefined {
  const inner = [...new Set([...word].slice(2).map((_, i) => word.slice(i, i + 3)))];
  const trigrams = inner.length < 3 ? [] : inner;
  if (trigrams.length === 0 && !fixedShape) return undefined;
  const count = Math.min(trigrams.length, NEARLY_TESTS);
  const tested = Array.from(
    { length: count },
    (_, i) => trigrams[Math.floor((i * trigrams.length) / count)]!,
  );
  // An empty pattern matches only an empty text, which holds no other word either.
  const patterns = [
    ...tested.map((t) => `%${likeEscape(t)}%`),
    ...Array<string>(fixedShape ? NEARLY_TESTS - tested.length : 0).fill(''),
  ];
  const held = patterns.map((pattern) => sql`(${text} like ${pattern})::int`);
  return sql`${sql.join(held, sql` + `)} >= ${Math.ceil(tested.length / 2)}`;
}
