import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, explain, type PlanNode } from '../../../test/plans';

/** The tables a search must never read whole. */
const large = ['releases', 'artists', 'labels', 'genres', 'users', 'search_changes'];

/**
 * On PostgreSQL, with tables of a real catalogue's size: once this server's
 * search index is loaded, a dropdown query (every kind, 10 each) reads only
 * what changed since the last search (through the change table's
 * transaction index) and the page's rows by key: never a whole table, for
 * a prefix, a full name and a typo alike.
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

  /** The plans of the statements a dropdown request sends, each as it ran. */
  async function plansOf(q: string): Promise<{ query: string; plan: PlanNode[] }[]> {
    const seen = await capturingStatements(t, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}&pageSize=10`,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    const changes = seen.filter((x) => /pg_current_snapshot/.test(x.query));
    expect(changes, q).toHaveLength(1);
    return Promise.all(seen.map(async (s) => ({ query: s.query, plan: await explain(t, s) })));
  }

  it('loads the index once, then reads only the changes and the pages', async () => {
    // The first search loads every visible row of each kind: once per server.
    const first = await t.app.inject({ method: 'GET', url: '/api/search?q=kalo' });
    expect(first.statusCode).toBe(200);
    // A change since: one release renamed, found by its new name at once.
    await t.db.execute(sql`update releases set title = 'Quorrelin Vask' where id = 'r77'`);
    const seen = await capturingStatements(t, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/search?q=kalomi' });
      expect(res.statusCode).toBe(200);
    });
    const changes = seen.filter((s) => /pg_current_snapshot/.test(s.query));
    expect(changes).toHaveLength(1);
    // As a prepared statement's generic plan runs it, once a connection has run it a few times.
    const generic = { query: `set local plan_cache_mode = force_generic_plan`, params: [] };
    const plan = await explain(t, changes[0]!, false, [generic], true);
    expect(plan.some((n) => n['Index Name'] === 'search_changes_xid_idx')).toBe(true);
    expect(plan.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=quorrelin&type=releases' });
    expect(res.json().releases.map((r: { id: string }) => r.id)).toEqual(['r77']);
  });

  it.each([
    'kalo',
    'kalomi rutaze',
    'kalomy',
    'rutaze',
    'qwertzuiop',
    'kalomi rutaze kalomy',
    'kalomi of rutaze kalomy a',
    'kalomi rutaze of kalomy rutaze a kalo rutazy kalomi',
  ])('reads no whole table for %j', async (q) => {
    const statements = await plansOf(q);
    for (const { query, plan } of statements) {
      const fullScan = plan.find(
        (n) => n['Node Type'] === 'Seq Scan' && large.includes(n['Relation Name'] ?? ''),
      );
      expect(fullScan, `${q}: ${query}`).toBeUndefined();
    }
    // Typos are read in memory too: no statement but the changes' and the pages' rows.
    for (const { query } of statements) {
      expect(query, q).toMatch(/pg_current_snapshot|"artist_credits"|"password_hash"/);
    }
  });
});
