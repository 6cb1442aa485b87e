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
import { coversPage, LIST_CACHE_TTL_MS, ReleaseListCache } from './list-cache';
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
});

describe('coversPage', () => {
  it('serves pages inside the cached head, or any page when the head is the whole list', () => {
    const head = { ids: Array.from({ length: 960 }, (_, i) => String(i)), total: 5000 };
    expect(coversPage(head, 0, 48)).toBe(true);
    expect(coversPage(head, 912, 48)).toBe(true);
    expect(coversPage(head, 960, 48)).toBe(false);
    expect(coversPage(head, 950, 20)).toBe(false);
    const whole = { ids: ['a', 'b'], total: 2 };
    expect(coversPage(whole, 48, 48)).toBe(true);
  });
});
