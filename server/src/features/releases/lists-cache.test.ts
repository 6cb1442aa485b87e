import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReleaseType, releasesQuerySchema, type PagedReleases } from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addEntriesAt,
  addRatings,
  createLabel,
  createRelease,
  daysAgo,
} from '../../../test/catalogue-factories';
import { capturingStatements } from '../../../test/plans';
import { LIST_CACHE_TTL_MS, ReleaseListCache, stretchesOf } from './list-cache';
import { listReleases } from './lists';

const repeat = (n: number, rating: number) => Array.from({ length: n }, () => rating);

describe('releases: cached rankings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * One page, past the whole-page read cache (these rows are written straight
   * to the database, not through the API that invalidates it), so what is
   * seen is the ranking cache below it.
   */
  async function list(query: string): Promise<PagedReleases> {
    t.app.readCache.clear();
    const res = await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<PagedReleases>();
  }
  const ids = (page: PagedReleases) => page.releases.map((r) => r.id);
  /** Moves the clock (Date only, timers keep running) past the lists' cache time. */
  const afterTtl = () =>
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LIST_CACHE_TTL_MS + 1000 });

  it('serves a top ranking for a while, with fresh stats, then ranks again', async () => {
    const label = await createLabel(t.db);
    const lp = (title: string) =>
      createRelease(t.db, { title, type: ReleaseType.LP, labels: [label] });
    const first = await lp('first');
    const second = await lp('second');
    await addRatings(t.db, first, repeat(20, 90));
    await addRatings(t.db, second, repeat(20, 60));
    const query = `type=top&labelId=${label.id}`;
    expect(ids(await list(query))).toEqual([first.id, second.id]);

    // The second overtakes the first, and a third qualifies.
    await addRatings(t.db, second, repeat(80, 100));
    const third = await lp('third');
    await addRatings(t.db, third, repeat(15, 80));

    const cached = await list(query);
    expect(ids(cached)).toEqual([first.id, second.id]);
    expect(cached.totalItems).toBe(2);
    // The page's releases are read fresh: only the order and total wait.
    expect(cached.releases[1]!.stats.ratingsCount).toBe(100);

    afterTtl();
    const fresh = await list(query);
    expect(ids(fresh)).toEqual([second.id, first.id, third.id]);
    expect(fresh.totalItems).toBe(3);
  });

  it('caches popular per filter, and never new or recently-added', async () => {
    const label = await createLabel(t.db);
    const other = await createLabel(t.db);
    const busy = await createRelease(t.db, { title: 'busy', date: '2001-01-01', labels: [label] });
    await addEntriesAt(t.db, busy, 2, daysAgo(1));
    expect(ids(await list(`type=popular&labelId=${label.id}`))).toEqual([busy.id]);
    expect(ids(await list(`type=new&labelId=${label.id}`))).toEqual([busy.id]);

    const late = await createRelease(t.db, { title: 'late', date: '2002-01-01', labels: [label] });
    await addEntriesAt(t.db, late, 3, daysAgo(1));
    const elsewhere = await createRelease(t.db, { labels: [other] });
    await addEntriesAt(t.db, elsewhere, 1, daysAgo(1));

    expect(ids(await list(`type=popular&labelId=${label.id}`))).toEqual([busy.id]);
    // Another filter is another ranking.
    expect(ids(await list(`type=popular&labelId=${other.id}`))).toEqual([elsewhere.id]);
    expect(ids(await list(`type=new&labelId=${label.id}`))).toEqual([late.id, busy.id]);
    expect(ids(await list(`type=recently-added&labelId=${label.id}`))).toEqual([late.id, busy.id]);

    afterTtl();
    expect(ids(await list(`type=popular&labelId=${label.id}`))).toEqual([late.id, busy.id]);
  });

  it('leaves out a release hidden since its ranking was cached', async () => {
    const label = await createLabel(t.db);
    const a = await createRelease(t.db, { date: '2001-01-01', labels: [label] });
    const b = await createRelease(t.db, { date: '2002-01-01', labels: [label] });
    await addEntriesAt(t.db, a, 2, daysAgo(1));
    await addEntriesAt(t.db, b, 1, daysAgo(1));
    const query = `type=popular&labelId=${label.id}`;
    expect(ids(await list(query))).toEqual([a.id, b.id]);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, a.id));
    expect(ids(await list(query))).toEqual([b.id]);
  });

  it('reads the releases of pages asked for together in one statement', async () => {
    const label = await createLabel(t.db);
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await createRelease(t.db, { labels: [label] });
      await addEntriesAt(t.db, r, 3 - i, daysAgo(1));
      made.push(r);
    }
    const cache = new ReleaseListCache();
    const query = (page: number) =>
      releasesQuerySchema.parse({ type: 'popular', labelId: label.id, page, pageSize: 1 });
    // The ranking is cached first, so the pages read only their releases.
    await listReleases(t.db, query(1), new Date(), cache);
    let pages: PagedReleases[] = [];
    const statements = await capturingStatements(t, async () => {
      pages = await Promise.all(
        [1, 2, 3].map((p) => listReleases(t.db, query(p), new Date(), cache)),
      );
    });
    expect(pages.map(ids)).toEqual(made.map((r) => [r.id]));
    expect(statements).toHaveLength(1);
  });
  it('reads a page that many readers ask for together once', async () => {
    const label = await createLabel(t.db);
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await createRelease(t.db, { labels: [label] });
      await addEntriesAt(t.db, r, 3 - i, daysAgo(1));
      made.push(r.id);
    }
    const cache = new ReleaseListCache();
    const query = releasesQuerySchema.parse({ type: 'popular', labelId: label.id, pageSize: 3 });
    await listReleases(t.db, query, new Date(), cache);
    // Forty readers of one page of three: more releases asked for than one
    // batch takes lookups, all of them the same three.
    let pages: PagedReleases[] = [];
    const statements = await capturingStatements(t, async () => {
      pages = await Promise.all(
        Array.from({ length: 40 }, () => listReleases(t.db, query, new Date(), cache)),
      );
    });
    expect(new Set(pages.map((p) => ids(p).join()))).toEqual(new Set([made.join()]));
    expect(statements).toHaveLength(1);
    expect(statements[0]!.params).toContainEqual(made);
  });
  it('reads a page of a list it does not rank with its releases and, on page 1, its total', async () => {
    const label = await createLabel(t.db);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await createRelease(t.db, { labels: [label], date: `2020-01-0${i + 1}` });
      made.unshift(r.id);
    }
    // Totals of three or more are kept, as large ones are.
    const cache = new ReleaseListCache({ largeTotal: 3 });
    const query = (page: number) =>
      releasesQuerySchema.parse({ type: 'new', labelId: label.id, page, pageSize: 2 });
    const read = async (page: number) => {
      let got: PagedReleases | undefined;
      const statements = await capturingStatements(t, async () => {
        got = await listReleases(t.db, query(page), new Date(), cache);
      });
      return { page: got!, statements: statements.map((s) => s.query) };
    };
    const counts = (text: string) => /count\(\*\)/.test(text);

    const first = await read(1);
    expect(ids(first.page)).toEqual(made.slice(0, 2));
    expect(first.page.releases[0]!.title).toBeTruthy();
    expect(first.page.totalItems).toBe(5);
    expect(first.statements).toHaveLength(1);
    expect(counts(first.statements[0]!)).toBe(true);

    // The total is kept now: page 1 no longer counts, page 3 reads its rows alone.
    const again = await read(1);
    expect(again.statements).toHaveLength(1);
    expect(counts(again.statements[0]!)).toBe(false);
    const last = await read(3);
    expect(ids(last.page)).toEqual(made.slice(4));
    expect(last.page.totalItems).toBe(5);
    expect(last.statements).toHaveLength(1);
    expect(counts(last.statements[0]!)).toBe(false);
  });
  it("keeps a deep page's stretch of the ranking, so any depth is read by id", async () => {
    const label = await createLabel(t.db);
    const made: { id: string }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const r = await createRelease(t.db, { labels: [label] });
      await addEntriesAt(t.db, r, 8 - i, daysAgo(1));
      made.push(r);
    }
    // Stretches of three ids, pages of two: page 2 lies across two stretches.
    const cache = new ReleaseListCache({ depth: 3 });
    const query = (page: number) =>
      releasesQuerySchema.parse({ type: 'popular', labelId: label.id, page, pageSize: 2 });
    const read = (pages: number[]) =>
      Promise.all(pages.map((p) => listReleases(t.db, query(p), new Date(), cache)));
    const first = await read([1, 2, 3, 4, 5]);
    expect(first.map(ids)).toEqual([
      ...[0, 2, 4, 6].map((i) => made.slice(i, i + 2).map((r) => r.id)),
      [],
    ]);
    expect(first.map((p) => p.totalItems)).toEqual([8, 8, 8, 8, 8]);
    expect(first.map((p) => p.nextCursor === null)).toEqual([false, false, false, true, true]);

    let again: PagedReleases[] = [];
    const statements = await capturingStatements(t, async () => {
      again = await read([4, 2]);
    });
    expect(again.map(ids)).toEqual(
      [made.slice(6, 8), made.slice(2, 4)].map((p) => p.map((r) => r.id)),
    );
    // Only the pages' releases, in one statement: no ranking and no count.
    expect(statements).toHaveLength(1);
  });
});

describe('stretchesOf', () => {
  it('names the stretches of a ranking a page lies in', () => {
    expect(stretchesOf(0, 48, 960)).toEqual([0]);
    expect(stretchesOf(912, 48, 960)).toEqual([0]);
    expect(stretchesOf(960, 48, 960)).toEqual([1]);
    expect(stretchesOf(2352, 48, 960)).toEqual([2]);
    // A page across the end of one stretch reads the next too.
    expect(stretchesOf(950, 20, 960)).toEqual([0, 1]);
    expect(stretchesOf(1, 7, 3)).toEqual([0, 1, 2]);
    expect(stretchesOf(5, 0, 3)).toEqual([1]);
  });
});
