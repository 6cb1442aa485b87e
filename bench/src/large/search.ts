import type pg from 'pg';
import { random } from '../lib/random';
import type { Scenario } from './scenarios';

/**
 * The search scenario: what the header's dropdown asks while people type
 * (every kind, 10 each), over a mix drawn from the dataset's own names —
 * prefixes as typed so far, full names (a release with its artist among
 * them) and names with one typo. Search replies are never kept in the read
 * cache, so this is the uncached path whatever READ_CACHE_SECONDS says.
 */

/** How many queries of each sort: the scenario rotates through all of them. */
const PER_SORT = 150;

/** The name with one typo: a letter dropped, doubled, swapped with the next or replaced. */
function withTypo(name: string, rand: () => number): string {
  const letters = [...name];
  const at = 1 + Math.floor(rand() * Math.max(1, letters.length - 2));
  const kind = Math.floor(rand() * 4);
  if (kind === 0) letters.splice(at, 1);
  else if (kind === 1) letters.splice(at, 0, letters[at] ?? 'e');
  else if (kind === 2 && at + 1 < letters.length) {
    [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  } else letters[at] = 'etaoinshrdlu'[Math.floor(rand() * 12)]!;
  return letters.join('');
}

/** Prefixes, full names and one-typo names from the dataset, interleaved. */
export async function sampleSearchQueries(c: pg.Client): Promise<string[]> {
  const names = async (sql: string) =>
    (await c.query<{ name: string }>(sql)).rows.map((r) => r.name);
  const visible = (t: string) => `${t}.pending_deletion = false and ${t}.merged_into_id is null`;
  // setseed makes random() repeatable within this session.
  await c.query('select setseed(0.31)');
  const releases = await names(`select r.title || ' ' || a.name as name from releases r
    join release_artists ra on ra.release_id = r.id and ra.position = 0
    join artists a on a.id = ra.artist_id
    where ${visible('r')} order by random() limit ${PER_SORT}`);
  const titles = await names(`select title as name from releases r where ${visible('r')}
    order by random() limit ${PER_SORT * 2}`);
  const artists = await names(`select name from artists a where ${visible('a')}
    order by random() limit ${PER_SORT}`);
  const users = await names(`select coalesce(name, username) as name from users
    order by random() limit ${PER_SORT}`);
  const rand = random(7);
  const prefixes = [...titles.slice(0, PER_SORT), ...artists, ...users].map((n) =>
    n.slice(0, 3 + Math.floor(rand() * 4)).trim(),
  );
  const full = [...titles.slice(PER_SORT), ...releases, ...artists];
  const typos = [...titles.slice(PER_SORT), ...artists, ...users].map((n) => withTypo(n, rand));
  const out: string[] = [];
  for (let i = 0; i < Math.max(prefixes.length, full.length, typos.length); i += 1) {
    for (const list of [prefixes, full, typos]) if (list[i]) out.push(list[i]!);
  }
  return out;
}

export const searchScenarios: Scenario[] = [
  {
    name: 'GET search (dropdown: every kind, 10 each)',
    paths: (s) =>
      s.searchQueries.map((q) => `/api/search?${new URLSearchParams({ q, pageSize: '10' })}`),
    connections: 10,
    maxP99Ms: 20,
  },
];
