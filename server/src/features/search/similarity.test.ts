import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { similarityTo, textTrigrams, wordSimilarity } from './similarity';

type Pair = [query: string, text: string];

/** Folded search texts: title, tab, Latin title, tab, artists' names. */
const TEXTS = [
  'zorvex kid\t\tquillfeather',
  'ok computer\t\tradiohead',
  'kid a\t\tradiohead',
  'hail to the thief\t\tradiohead',
  '初恋\thatsukoi\t宇多田ヒカル utada hikaru',
  '夜に駆ける\tyoru ni kakeru\tyoasobi',
  '残酷な天使のテーゼ\tzankoku na tenshi no these\t高橋洋子 takahashi yoko',
  'кино\tkino\tвиктор цой viktor tsoi',
  'the dark side of the moon\t\tpink floyd',
  'electric animals\t\tquorndale',
  'electric anthems\t\tquorndale',
  'shadow play\t\tquorndale',
  'r&b classics vol 2\t\tvarious artists',
  'hall-marks\t\tthe hallmarks',
  '101 dalmatians\t\t',
  '1999\t\tprince',
  'abba gold\t\tabba',
  'a\t\ta',
  'bad bad bad\t\tthe bads',
  'mmmbop\t\thanson',
  'aaaaaa\t\taaa',
  "sgt pepper's lonely hearts club band\t\tthe beatles",
  'reise, reise\t\trammstein',
  'cafe de flore\t\tetienne de crecy',
  'x-ray spex\t\tx ray spex',
  'ac/dc live\t\tac/dc',
  "don't stop me now\t\tqueen",
  'the the\t\tthe the',
  'mr. brightside\t\tthe killers',
  '2 + 2 = 5\t\tradiohead',
  'ii\t\tii',
  '',
];

const QUERIES = [
  'zorvex',
  'zorvx kid',
  'zrovex',
  'quilfeather',
  'ok comp',
  'okcomputer',
  'radiohed',
  'radio head',
  'computer radiohead',
  'kid',
  'kd a',
  'a',
  'ab',
  'ii',
  '初恋',
  '初',
  '宇多田',
  'hikaru utada',
  'yoasobi yoru',
  'кино',
  'цой',
  'r&b',
  'r b',
  'hall-mar',
  'hallmar',
  'halmarks',
  '1999',
  '199',
  '2 2 5',
  'the',
  'the the',
  'bad',
  'baad bad',
  'mmm',
  'aaa',
  'aa',
  'pepper lonely',
  'sgt peppers',
  'reise',
  'cafe flore',
  'x ray',
  'ac dc',
  'acdc',
  'dont stop',
  'brightside killers',
  'electric animls',
  'electric aniam',
  'shadwo',
  'dark moon',
  'floyd pink',
  ' ',
  '&',
  '',
];

const EDGE_PAIRS: Pair[] = [
  [' ', 'ok computer'],
  ['&', 'r&b'],
  ['', ''],
  ['a', ''],
  ['a', 'a'],
  ['ab', 'abababab'],
  ['aaa', 'aaaa aaaa'],
  ['abab', 'ab ab ab abab'],
  ['xx', 'x x xx xxx'],
  ['12', '1 12 123'],
  ['x_y', 'x y'],
  ["o'neil", 'o neil'],
  ['tab\there', 'tab here'],
  ['new\nline', 'new line'],
  ['hall-mar', 'hall mar hallmark'],
  // Upper case, lower-cased character by character.
  ['ELECTRIC Animls', 'electric animals'],
  ['ΣΑΣ', 'σας σασ'],
  ['İstanbul', 'istanbul'],
  ['ǅemal', 'džemal'],
  ['ЗВЕЗДА', 'звезда'],
  ['ａｂｃ', 'abc ａｂｃ'],
  ['straße', 'strasse straße'],
  // Word characters beyond ASCII: letters, marks of scripts that write vowels as marks, digits.
  ['ágætis', 'ágætis byrjun\t\tsigur rós'],
  ['नमस्ते', 'नमस्ते दुनिया'],
  ['ภาษาไทย', 'ภาษา ไทย'],
  ['١٢٣', '١٢٣٤ ١٢'],
  ['𠀋𠀋', '𠀋𠀋 x 𠀋'],
  ['初恋 hatsu', '初恋\thatsukoi\t宇多田ヒカル utada hikaru'],
  ['ヒカル', '宇多田ヒカル'],
  // Not word characters: they part words.
  ['2²', '2 ²'],
  ['1½', '1 ½'],
  ['a①b', 'a b'],
  ['♪♪', 'a♪b'],
  ['😀 smile', 'smile😀'],
  // The scan moves its lower end past a stretch of other trigrams that come again later,
  // and so misses the stretch of the whole text (0.47): PostgreSQL answers 1/3.
  ['ab cd ef', 'ab ghijklmno cd ghijklmno ef'],
];

/** A repeatable stream of numbers in [0, 1). */
function randomStream(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Short queries and texts of a few letters: many repeated trigrams, many ties. */
function smallAlphabetPairs(count: number, seed: number): Pair[] {
  const random = randomStream(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const string = (chars: string, length: number) =>
    Array.from({ length }, () => chars[int(0, chars.length - 1)]).join('');
  return Array.from({ length: count }, () => [
    string('abcde  ', int(1, 8)),
    string('abcde   -\t', int(0, 40)),
  ]);
}

/**
 * The query's words in order, some replaced or left out, between long words
 * that come back: the shapes where the scan's stretch is not the best one.
 */
function scanShapePairs(count: number, seed: number): Pair[] {
  const random = randomStream(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const string = (chars: string, length: number) =>
    Array.from({ length }, () => chars[int(0, chars.length - 1)]).join('');
  return Array.from({ length: count }, () => {
    const short = Array.from({ length: 4 }, () => string('abcde', int(1, 3)));
    const long = Array.from({ length: 2 }, () => string('abcdefg', int(4, 12)));
    const words = Array.from({ length: int(2, 4) }, () => short[int(0, 3)]!);
    const text: string[] = [];
    for (const word of words) {
      if (random() < 0.8) text.push(random() < 0.8 ? word : short[int(0, 3)]!);
      if (random() < 0.7) text.push(long[int(0, 1)]!);
    }
    return [words.join(' '), text.join(random() < 0.5 ? ' ' : '\t')];
  });
}

/**
 * The best similarity of any stretch of the text's trigrams, found by trying
 * them all: what the scan would give if it missed none (for texts of ASCII).
 */
function bestStretch(query: string, text: string): number {
  const trigrams = (s: string) =>
    (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).flatMap((word) => {
      const padded = `  ${word} `;
      return Array.from({ length: word.length + 1 }, (_, i) => padded.slice(i, i + 3));
    });
  const wanted = new Set(trigrams(query));
  const found = trigrams(text);
  let best = 0;
  for (let lower = 0; lower < found.length; lower += 1) {
    const seen = new Set<string>();
    let shared = 0;
    for (let upper = lower; upper < found.length; upper += 1) {
      const trigram = found[upper]!;
      if (!seen.has(trigram)) {
        seen.add(trigram);
        if (wanted.has(trigram)) shared += 1;
      }
      best = Math.max(best, Math.fround(shared / (wanted.size + seen.size - shared)));
    }
  }
  return best;
}

/** PostgreSQL's round(x::numeric, 1) of a float4: its six significant digits, then half away from zero. */
const roundTenth = (value: number) => Math.round(Number(value.toPrecision(6)) * 10) / 10;

const SEARCH_PAIRS: Pair[] = QUERIES.flatMap((query) => TEXTS.map((text): Pair => [query, text]));
const SMALL_ALPHABET_PAIRS = smallAlphabetPairs(500, 20240611);
const SCAN_SHAPE_PAIRS = scanShapePairs(800, 7);
const PAIRS: Pair[] = [
  ...SEARCH_PAIRS,
  ...EDGE_PAIRS,
  ...SMALL_ALPHABET_PAIRS,
  ...SCAN_SHAPE_PAIRS,
];

describe('wordSimilarity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  interface Measured {
    similarity: number;
    similar: boolean;
    rounded: number;
  }
  /** The database's word_similarity of each pair, in one statement. */
  async function measured(pairs: Pair[]): Promise<Measured[]> {
    const rows = await rowsOf<{ similarity: number; similar: boolean; rounded: number }>(
      t.db,
      sql`select word_similarity(p->>0, p->>1)::float8 as similarity,
          (p->>0) <% (p->>1) as similar,
          round(word_similarity(p->>0, p->>1)::numeric, 1)::float8 as rounded
        from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) with ordinality as e(p, n)
        order by n`,
    );
    return rows.map((r) => ({
      similarity: Number(r.similarity),
      similar: Boolean(r.similar),
      rounded: Number(r.rounded),
    }));
  }

  it("gives pg_trgm's float4 for every pair, the threshold and the rounding as the database has them", async () => {
    const db = await measured(PAIRS);
    expect(db).toHaveLength(PAIRS.length);
    const wrong: string[] = [];
    PAIRS.forEach(([query, text], i) => {
      const expected = db[i]!;
      const value = wordSimilarity(query, text);
      const measuredOnce = similarityTo(query)(text);
      if (
        value !== expected.similarity ||
        measuredOnce !== expected.similarity ||
        value >= 0.6 !== expected.similar ||
        roundTenth(value) !== expected.rounded
      ) {
        wrong.push(`${JSON.stringify([query, text])}: ${value}, database ${expected.similarity}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('follows the scan where it misses the best stretch, as the database does', async () => {
    const pairs = [...EDGE_PAIRS.slice(-1), ...SMALL_ALPHABET_PAIRS, ...SCAN_SHAPE_PAIRS];
    const db = await measured(pairs);
    let missed = 0;
    pairs.forEach(([query, text], i) => {
      const best = bestStretch(query, text);
      expect(db[i]!.similarity).toBeLessThanOrEqual(best);
      if (db[i]!.similarity < best) missed += 1;
    });
    // The corpus holds such pairs, so the test above holds the scan to them.
    expect(missed).toBeGreaterThanOrEqual(5);
    expect(wordSimilarity('ab cd ef', 'ab ghijklmno cd ghijklmno ef')).toBe(Math.fround(1 / 3));
  });

  it('rounds to a tenth as the database rounds a float4, not as Math.round does the float', async () => {
    // 7/20 is the float4 0.3499999940...: 0.35 at six digits, so 0.4; Math.round gives 0.3.
    const pairs: Pair[] = [['abcdefghijklmnopqrs', 'abcdefg']];
    const [row] = await measured(pairs);
    const value = wordSimilarity(...pairs[0]!);
    expect(value).toBe(Math.fround(7 / 20));
    expect(row!.rounded).toBe(0.4);
    expect(roundTenth(value)).toBe(0.4);
    expect(Math.round(value * 10) / 10).toBe(0.3);
  });

  it('answers 0 for a query without trigrams', () => {
    for (const query of ['', ' ', '&', '\t-\t', '½'])
      expect(wordSimilarity(query, 'r&b ½ \t-')).toBe(0);
  });

  it("lists a text's trigrams as show_trgm does", async () => {
    const texts = [...TEXTS, ...QUERIES, ...SMALL_ALPHABET_PAIRS.map(([, text]) => text)].filter(
      (text) => /^[\x20-\x7e\t]*$/.test(text),
    );
    const rows = await rowsOf<{ trigrams: string[] }>(
      t.db,
      sql`select show_trgm(x) as trigrams
        from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as e(x, n)
        order by n`,
    );
    const wrong = texts.filter(
      (text, i) =>
        JSON.stringify(textTrigrams(text).sort()) !== JSON.stringify([...rows[i]!.trigrams].sort()),
    );
    expect(wrong).toEqual([]);
    expect(textTrigrams('初恋 a')).toEqual(['  初', ' 初恋', '初恋 ', '  a', ' a ']);
  });
});
