import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  ReleaseListKind,
  releasesQuerySchema,
  ReleaseType,
  type PagedReleases,
} from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addEntriesAt,
  addRatings,
  createLabel,
  createRelease,
  currentYear,
  dayFromToday,
  daysAgo,
} from '../../../test/catalogue-factories';
import { ReleaseListCache } from './list-cache';
import { listReleases } from './lists';

const repeat = (n: number, rating: number) => Array.from({ length: n }, () => rating);

/**
 * Cursor paging of every release list on releases full of ties: equal
 * dates, creation times equal or a microsecond apart, equal entry counts,
 * equal Bayesian averages, missing dates. Walking a list by cursor must give
 * each release once, in the order of one large page, whether the ranking
 * comes from its cache, from the query, or from both (a head then keys).
 */
describe('releases: cursor paging', () => {
  let t: TestApp;
  let labelId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const label = await createLabel(t.db);
    labelId = label.id;
    const make = (date: string | null, type: ReleaseType = ReleaseType.LP) =>
      createRelease(t.db, { date, type, labels: [label] });
    // Top, top of the year and popular: equal ratings make equal averages and counts.
    const year = `${currentYear()}-01-01`;
    for (const ratings of [
      repeat(15, 80),
      repeat(15, 80),
      repeat(15, 80),
      repeat(20, 60),
      repeat(16, 90),
    ]) {
      await addRatings(t.db, await make(year), ratings);
    }
    // New-popular and popular: released in the last days, some with as many entries as others.
    for (const [days, n] of [
      [-1, 2],
      [-1, 2],
      [-2, 1],
      [-2, 0],
    ] as const) {
      await addEntriesAt(t.db, await make(dayFromToday(days)), n, daysAgo(1));
    }
    // Popular with no date, which sorts last among equal counts.
    for (let i = 0; i < 3; i++) await addEntriesAt(t.db, await make(null), 2, daysAgo(2));
    // Upcoming, on two days.
    for (const days of [5, 5, 5, 9]) await make(dayFromToday(days), ReleaseType.EP);
    // Half of them created at one instant, the other half a microsecond later.
    await t.db.execute(sql`update releases set created_at = timestamptz '2024-05-01 10:00:00+00'
      + (case when ascii(id) % 2 = 0 then interval '1 microsecond' else interval '0' end)
      where id in (select release_id from release_labels where label_id = ${labelId})`);
  });
  afterAll(async () => t?.close());

  const kinds = Object.values(ReleaseListKind);

  async function page(query: string): Promise<PagedReleases> {
    const res = await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedReleases>();
  }

  /** A whole list two releases at a time, following nextCursor. */
  async function walk(next: (cursor?: string) => Promise<PagedReleases>): Promise<string[]> {
    const pages = [await next()];
    while (pages.at(-1)!.nextCursor) {
      pages.push(await next(pages.at(-1)!.nextCursor!));
      expect(pages.length).toBeLessThan(50);
    }
    pages.forEach((p, i) => expect(p.currentPage).toBe(i + 1));
    return pages.flatMap((p) => p.releases.map((r) => r.id));
  }

  const whole = async (kind: string) =>
    (await page(`type=${kind}&labelId=${labelId}&pageSize=100`)).releases.map((r) => r.id);

  it('gives every release once, in order, for each list', async () => {
    // The counts order as numbers (20, 16, 15...), not as their text.
    const popular = await page(`type=popular&labelId=${labelId}&pageSize=3`);
    expect(popular.releases.map((r) => r.stats.ratingsCount)).toEqual([20, 16, 15]);
    for (const kind of kinds) {
      const expected = await whole(kind);
      expect(expected.length, kind).toBeGreaterThan(2);
      const ids = await walk((cursor) =>
        page(
          `type=${kind}&labelId=${labelId}&pageSize=2` +
            (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
        ),
      );
      expect(ids, kind).toEqual(expected);
    }
  });

  it('walks each list by cursor across cached stretches of its ranking, or without a cache', async () => {
    for (const cache of [new ReleaseListCache({ depth: 3 }), undefined]) {
      for (const kind of kinds) {
        const ids = await walk((cursor) =>
          listReleases(
            t.db,
            releasesQuerySchema.parse({ type: kind, labelId, pageSize: '2', cursor }),
            new Date(),
            cache,
          ),
        );
        expect(ids, `${kind} ${cache ? 'cached' : 'uncached'}`).toEqual(await whole(kind));
      }
    }
  });

  it('answers 400 to a cursor of another list or with keys of the wrong kind', async () => {
    const top = await page(`type=top&labelId=${labelId}&pageSize=2`);
    const state = decodeCursor(top.nextCursor!)!;
    const refused = [
      `type=popular&labelId=${labelId}&cursor=${top.nextCursor!}`,
      `type=top&cursor=${encodeCursor({ ...state, k: ['high', state.k[1]!, state.k[2]!] })}`,
      `type=top&cursor=${encodeCursor({ ...state, k: [state.k[0]!, '1.5', state.k[2]!] })}`,
      `type=top&cursor=${top.nextCursor!.replace(/.$/, '!')}`,
    ];
    for (const query of refused) {
      const res = await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/cursor/);
    }
  });

  it('answers a page past the end from the total, and bounds page numbers', async () => {
    const all = await page(`type=new&labelId=${labelId}`);
    const beyond = await page(`type=new&labelId=${labelId}&page=40`);
    expect(beyond).toMatchObject({
      currentPage: 40,
      totalItems: all.totalItems,
      totalPages: 1,
      currentItems: 0,
      nextCursor: null,
      releases: [],
    });
    const deep = await t.app.inject({ method: 'GET', url: '/api/releases?page=210' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toEqual([
      'page must not be greater than 209 with pageSize 48; read further with cursor',
    ]);
    // A release hidden after the first page does not upset the rest.
    const first = await page(`type=recently-added&labelId=${labelId}&pageSize=3`);
    await t.db
      .update(releases)
      .set({ pendingDeletion: true })
      .where(eq(releases.id, first.releases[0]!.id));
    t.app.readCache.clear();
    const next = await page(
      `type=recently-added&labelId=${labelId}&pageSize=3&cursor=${first.nextCursor!}`,
    );
    expect(next.releases.map((r) => r.id)).toEqual((await whole('recently-added')).slice(2, 5));
  });
});
