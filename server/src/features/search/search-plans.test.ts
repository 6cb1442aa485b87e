import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, explain, type PlanNode } from '../../../test/plans';

/** The search text index of each kind. */
const indexOf: Record<string, string> = {
  releases: 'releases_search_idx',
  artists: 'artists_search_idx',
  labels: 'labels_search_idx',
  genres: 'genres_search_idx',
  users: 'users_search_idx',
};

/**
 * On PostgreSQL, with tables of a real catalogue's size: the header's
 * dropdown query (every kind, 10 each) finds its candidates through the
 * trigram indexes, for a prefix, a full name and a typo alike, and never
 * reads a whole table of releases, artists or users.
 */
describe.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')('search plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // 8,000 made-up words of three syllables ('kalomi', 'rutaze'...), so each
    // is in a dozen titles, as the words of a real catalogue are.
    const syllables = `array['ka','lo','mi','ru','ze','ta','po','ne','vi','sa',
      'do','fe','gu','ha','ji','ko','lu','ma','no','pe']`;
    const word = (n: string) =>
      `(${syllables})[1 + (${n}) % 20] || (${syllables})[1 + (${n}) / 20 % 20]
        || (${syllables})[1 + (${n}) / 400 % 20]`;
    const name = (a: string, b: string) =>
      `initcap(${word(`(${a}) % 8000`)} || ' ' || ${word(`(${b}) % 8000`)})`;
    const fill = async (statement: string) => t.db.execute(sql.raw(statement));
    await fill(`insert into artists (id, name)
      select 'a' || i, ${name('i * 31', 'i * 17 + 5')} from generate_series(1, 15000) i`);
    await fill(`insert into labels (id, name)
      select 'l' || i, ${name('i * 37', 'i * 3')} || ' Records' from generate_series(1, 3000) i`);
    await fill(`insert into genres (id, name)
      select 'g' || i, ${name('i * 41', 'i * 7')} from generate_series(1, 2000) i`);
    await fill(`insert into users (id, email, username, name, password_hash, account_status,
        contributor_status)
      select 'u' || i, 'u' || i || '@example.com', ${word('i * 43 % 8000')} || i,
        ${name('i * 47', 'i * 11')}, 'x', 20, 20
      from generate_series(1, 20000) i`);
    await fill(`insert into releases (id, title, type, ratings_count)
      select 'r' || i, ${name('i * 7919', 'i * 4729')}, 1, i % 97
      from generate_series(1, 50000) i`);
    await fill(`insert into release_artists (release_id, artist_id, position)
      select 'r' || i, 'a' || (1 + i % 15000), 0 from generate_series(1, 50000) i`);
    await t.db.execute(sql`analyze artists; analyze labels; analyze genres; analyze users;
      analyze releases; analyze release_artists`);
    // Every row goes straight into the search indexes (no pending list): a few seconds.
  }, 300_000);
  afterAll(async () => t?.close());

  /** The plan of the ranking query of a dropdown request, for each kind it ranks. */
  async function plansOf(q: string): Promise<Map<string, PlanNode[]>> {
    const seen = await capturingStatements(t, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}&pageSize=10`,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    // The ranking statement (every kind at once), planned as the search
    // plans it: in a transaction with its settings, as a prepared statement
    // with a generic plan for a query of a few words.
    const settings = seen.filter((x) => /^select set_config\(/.test(x.query));
    expect(settings.length).toBeGreaterThan(0);
    const ranking = seen.filter((x) => /releases_page/.test(x.query));
    expect(ranking).toHaveLength(1);
    const generic = settings.some((x) => x.query.includes('force_generic_plan'));
    // Queries of up to eight words run with a generic plan; longer ones are planned each time.
    expect(generic, q).toBe(q.split(' ').length <= 8);
    const plan = await explain(t, ranking[0]!, false, settings, generic);
    // Bitmap index scans name their index only: each kind is checked on the whole plan.
    return new Map(SEARCH_TYPES.map((table) => [table, plan]));
  }

  it.each([
    'kalo',
    'kalomi rutaze',
    'kalomy',
    'rutaze',
    'kalomi rutaze kalomy',
    'kalomi of rutaze kalomy a',
    'kalomi rutaze of kalomy rutaze a kalo rutazy kalomi',
  ])('finds the candidates of %j through the search indexes', async (q) => {
    const plans = await plansOf(q);
    expect([...plans.keys()].sort()).toEqual([...SEARCH_TYPES].sort());
    for (const [table, plan] of plans) {
      const used = plan.filter((n) => n['Index Name'] === indexOf[table]);
      expect(used.length, `${table} for ${q}`).toBeGreaterThan(0);
      // Labels and genres are small enough that reading one whole is sometimes cheaper.
      if (table === 'labels' || table === 'genres') continue;
      const fullScan = plan.find(
        (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table,
      );
      expect(fullScan, `${table} for ${q}`).toBeUndefined();
    }
  });
});
