import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  type PagedEntries,
  type PagedReleases,
  type PagedUsers,
} from '@earmark/common';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { capturingStatements, explain, type PlanNode } from '../../test/plans';

/**
 * On PostgreSQL, with enough rows for the planner to care: a cursor page
 * deep in a list walks the sort's index from the cursor, reading about one
 * page of it, with no sort and no offset. Row counts, never times.
 */
describe.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')('keyset plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    await t.db
      .execute(sql`insert into users (id, email, username, password_hash, account_status, contributor_status)
      select 'u' || i, 'u' || i || '@example.com', 'user' || i, 'x', 20, 20
      from generate_series(1, 300) i`);
    await t.db.execute(sql`insert into releases (id, title, type, date, created_at)
      select 'r' || i, 'Release ' || i, 1, date '1990-01-01' + (i % 4000),
        timestamptz '2024-01-01 00:00:00+00' + i * interval '1 minute'
      from generate_series(1, 3000) i`);
    await t.db.execute(sql`insert into entries (id, user_id, release_id, rating, rating_updated_at)
      select 'e' || u || '-' || r, 'u' || u, 'r' || r, (u * 7 + r * 13) % 101, now()
      from generate_series(1, 300) u, generate_series(1, 100) r`);
    await t.db.execute(sql`update releases set ratings_count = 300, entries_count = 300
      where id in (select 'r' || r from generate_series(1, 100) r)`);
    await t.db.execute(sql`update users set ratings_count = 100, entries_count = 100
      where id in (select 'u' || u from generate_series(1, 300) u)`);
    // Each user follows about a third of the others; u1 also follows, and is followed by,
    // two thousand more, one a minute.
    await t.db
      .execute(sql`insert into users (id, email, username, password_hash, account_status, contributor_status)
      select 'f' || i, 'f' || i || '@example.com', 'fan' || i, 'x', 20, 20
      from generate_series(1, 2000) i`);
    await t.db.execute(sql`insert into follows (follower_id, following_id, created_at)
      select 'u' || a, 'u' || b, timestamptz '2024-01-01 00:00:00+00' + (a * 7 + b) * interval '1 minute'
      from generate_series(1, 300) a, generate_series(1, 300) b where a <> b and (a + b) % 3 = 0
      union all
      select 'f' || i, 'u1', timestamptz '2024-01-01 00:00:00+00' + i * interval '1 minute'
      from generate_series(1, 2000) i
      union all
      select 'u1', 'f' || i, timestamptz '2024-01-01 00:00:00+00' + i * interval '1 minute'
      from generate_series(1, 2000) i`);
    await t.db.execute(sql`analyze users; analyze releases; analyze entries; analyze follows`);
  });
  afterAll(async () => t?.close());

  /** The plan of the page query a request runs, executed (EXPLAIN ANALYZE). */
  async function planOf(url: string): Promise<PlanNode[]> {
    const seen = await capturingStatements(t, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
    });
    // The page's query is the one that selects the sort keys (k0, k1...).
    const ordered = seen.filter((s) => /as "k0"/.test(s.query));
    expect(ordered).toHaveLength(1);
    const { query, params } = ordered[0]!;
    // No rows skipped by OFFSET: a cursor page starts where its keys are.
    const offset = / offset \$(\d+)/.exec(query);
    if (offset) expect(params[Number(offset[1]) - 1]).toBe(0);
    return explain(t, { query, params }, true);
  }

  /** A cursor at position `n` of a list, from the cursor of its first page. */
  async function deepCursor(url: string, keys: string[], n: number): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url });
    const first = res.json<PagedEntries | PagedReleases | PagedUsers>();
    const state = decodeCursor(first.nextCursor!)!;
    return encodeURIComponent(encodeCursor({ ...state, k: keys, n }));
  }

  it('entries by rating: the rating index from the cursor on, one page of it', async () => {
    const url = '/api/entries?sortBy=RatingLowToHigh&pageSize=50';
    const cursor = await deepCursor(url, ['95', 'e250-1'], 28_000);
    const plan = await planOf(`${url}&cursor=${cursor}`);
    // The page's own rows may be put back in order once joined; nothing more is sorted.
    const sorts = plan.filter((n) => n['Node Type'] === 'Sort');
    for (const sort of sorts)
      expect(sort['Actual Rows']! * sort['Actual Loops']!).toBeLessThanOrEqual(51);
    const scan = plan.find((n) => n['Index Name'] === 'entries_rating_idx');
    expect(scan, JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]))).toBeTruthy();
    expect(scan!['Actual Rows']! * scan!['Actual Loops']!).toBeLessThanOrEqual(51);
  });

  it("a user's entries by release date: their index from the cursor on, one page of it", async () => {
    const url = '/api/entries?userId=u7&sortBy=ReleaseDate&pageSize=25';
    const first = await t.app.inject({ method: 'GET', url });
    const next = first.json<PagedEntries>().nextCursor!;
    for (const page of [url, `${url}&cursor=${encodeURIComponent(next)}`]) {
      const plan = await planOf(page);
      const shape = JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]));
      for (const sort of plan.filter((n) => n['Node Type'] === 'Sort'))
        expect(sort['Actual Rows']! * sort['Actual Loops']!, shape).toBeLessThanOrEqual(26);
      const scan = plan.find((n) => n['Index Name'] === 'entries_user_release_date_idx');
      expect(scan, shape).toBeTruthy();
      expect(scan!['Actual Rows']! * scan!['Actual Loops']!).toBeLessThanOrEqual(26);
    }
  });

  it('the last page by number: the index read from its end, one page of it', async () => {
    for (const [url, index] of [
      ['/api/entries?releaseId=r1&sortBy=RatingDate', 'entries_release_rating_updated_idx'],
      ['/api/entries?userId=u7&sortBy=ReleaseDate', 'entries_user_release_date_idx'],
    ] as const) {
      const first = (
        await t.app.inject({ method: 'GET', url: `${url}&pageSize=25` })
      ).json<PagedEntries>();
      expect(first.totalPages, JSON.stringify(first).slice(0, 300)).toBeGreaterThan(3);
      const plan = await planOf(`${url}&pageSize=25&page=${first.totalPages}`);
      const shape = JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]));
      const scan = plan.find((n) => n['Index Name'] === index);
      expect(scan, shape).toBeTruthy();
      expect(scan!['Actual Rows']! * scan!['Actual Loops']!, shape).toBeLessThanOrEqual(26);
    }
  });

  it('new releases: the date index from the cursor on, one page of it', async () => {
    const url = '/api/releases?type=new&pageSize=48';
    const cursor = await deepCursor(
      url,
      ['1991-06-01', '2024-01-01T10:00:00.000000Z', 'r1'],
      2_500,
    );
    const plan = await planOf(`${url}&cursor=${cursor}`);
    expect(plan.some((n) => n['Node Type'] === 'Sort')).toBe(false);
    const scan = plan.find((n) => n['Index Name'] === 'releases_date_idx');
    expect(scan, JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]))).toBeTruthy();
    expect(scan!['Actual Rows']! * scan!['Actual Loops']!).toBeLessThanOrEqual(49);
  });

  it('follow lists: their index from the cursor on, one page of it', async () => {
    for (const list of ['followers', 'following']) {
      const index = list === 'followers' ? 'follows_following_idx' : 'follows_follower_idx';
      const url = `/api/users/u1/${list}?pageSize=20`;
      // About half-way down u1's two thousand and more.
      const cursor = await deepCursor(url, ['2024-01-01T16:40:00.000000Z', 'f1000'], 1_100);
      const plan = await planOf(`${url}&cursor=${cursor}`);
      const shape = JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]));
      expect(
        plan.some((n) => n['Node Type'].endsWith('Sort')),
        shape,
      ).toBe(false);
      const scan = plan.find((n) => n['Index Name'] === index);
      expect(scan, shape).toBeTruthy();
      expect(scan!['Actual Rows']! * scan!['Actual Loops']!).toBeLessThanOrEqual(21);
    }
  });
});
