import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  encodeCursor,
  SortBy,
  decodeCursor,
  type PagedEntries,
} from '@earmark/common';
import { entries } from '../../db/schema/entries';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease, createUsers } from '../../../test/catalogue-factories';
import { moveCounters } from './counters';
import { recountCounters } from '../../db/recount';

/**
 * Cursor paging of GET entries on crafted rows full of ties: equal ratings,
 * equal and one-microsecond-apart times, equal net votes, equal and missing
 * release dates. Walking any sort by cursor must give every visible entry
 * once, in the order of one large page.
 */
describe('entries: cursor paging', () => {
  let t: TestApp;
  let releaseId: string;
  let userId: string;
  let otherUserId: string;
  let otherReleaseId: string;

  beforeAll(async () => {
    // Walking every page of every list asks more than one address may in a minute.
    t = await buildTestApp({ env: { LIST_RATE_LIMIT: '0' } });
    const dated = await createRelease(t.db, { date: '2001-01-01' });
    const sameDay = await createRelease(t.db, { date: '2001-01-01' });
    const undated = await createRelease(t.db, { date: null });
    const hidden = await createRelease(t.db, { date: '2001-01-01', pendingDeletion: true });
    const people = await createUsers(t.db, 8);
    const [banned] = await createUsers(t.db, 1, { accountStatus: AccountStatus.BANNED });
    releaseId = dated.id;
    userId = people[0]!.id;
    otherUserId = people[1]!.id;
    otherReleaseId = undated.id;
    // Two instants a microsecond apart, in the review window of site-wide "top".
    const base = new Date(Date.now() - 24 * 3600_000);
    let n = 0;
    for (const owner of [...people, banned!]) {
      for (const release of [dated, sameDay, undated, hidden]) {
        n += 1;
        const rated = n % 5 !== 0;
        const reviewed = n % 3 !== 0;
        const row = {
          id: newId(),
          userId: owner.id,
          releaseId: release.id,
          rating: rated ? [40, 40, 70][n % 3]! : null,
          ratingUpdatedAt: rated ? base : null,
          review: reviewed ? `review ${n}` : null,
          reviewCreatedAt: reviewed ? base : null,
          reviewUpdatedAt: reviewed ? base : null,
          reviewUpvotes: reviewed ? n % 2 : 0,
          createdAt: base,
          updatedAt: base,
        };
        await t.db.insert(entries).values(row);
        await moveCounters(t.db, row, null, { rating: row.rating, hasReview: reviewed });
        if (n % 2 === 0) {
          // Half of the entries come one microsecond later than the rest.
          await t.db.execute(sql`update entries set
            created_at = created_at + interval '1 microsecond',
            rating_updated_at = rating_updated_at + interval '1 microsecond',
            review_created_at = review_created_at + interval '1 microsecond'
            where id = ${row.id}`);
        }
      }
    }
    // The banned account's entries were counted as they went in: a ban recounts.
    await recountCounters(t.db);
  });
  afterAll(async () => t?.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/entries?${query}` });
  async function page(query: string): Promise<PagedEntries> {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedEntries>();
  }

  /** Every page of a list by cursor, two entries at a time. */
  async function walk(query: string): Promise<{ ids: string[]; pages: PagedEntries[] }> {
    const pages = [await page(`${query}&pageSize=2`)];
    while (pages.at(-1)!.nextCursor) {
      const cursor = encodeURIComponent(pages.at(-1)!.nextCursor!);
      pages.push(await page(`${query}&pageSize=2&cursor=${cursor}`));
      expect(pages.length).toBeLessThan(100);
    }
    return { ids: pages.flatMap((p) => p.entries.map((e) => e.id)), pages };
  }

  const scopes = () => ['', `&releaseId=${releaseId}`, `&userId=${userId}`];

  it('gives every entry once, in order, for each sort and scope', async () => {
    for (const sortBy of Object.values(SortBy)) {
      for (const scope of scopes()) {
        const query = `sortBy=${sortBy}${scope}`;
        const whole = await page(`${query}&pageSize=100`);
        const { ids, pages } = await walk(query);
        expect(ids, query).toEqual(whole.entries.map((e) => e.id));
        expect(new Set(ids).size, query).toBe(ids.length);
        expect(ids.length, query).toBe(whole.totalItems);
        expect(ids.length, query).toBeGreaterThan(1);
        // Each page knows where it is: the same fields as page numbers give.
        pages.forEach((p, i) => {
          expect(p.currentPage, query).toBe(i + 1);
          expect(p.totalItems, query).toBe(whole.totalItems);
          expect(p.totalPages, query).toBe(Math.ceil(whole.totalItems / 2));
        });
        expect(pages.at(-1)!.nextCursor, query).toBeNull();
      }
    }
  });

  it('answers each user and release its own list, however alike the queries', async () => {
    // Lists of one shape share a statement made once: only the values differ.
    for (const sortBy of Object.values(SortBy)) {
      for (const [key, ids, of] of [
        ['userId', [userId, otherUserId], (e: PagedEntries['entries'][number]) => e.user.id],
        [
          'releaseId',
          [releaseId, otherReleaseId],
          (e: PagedEntries['entries'][number]) => e.release.id,
        ],
      ] as const) {
        for (const id of ids) {
          const query = `sortBy=${sortBy}&${key}=${id}`;
          const { ids: walked } = await walk(query);
          const whole = await page(`${query}&pageSize=100`);
          expect(walked, query).toEqual(whole.entries.map((e) => e.id));
          expect(whole.entries.length, query).toBeGreaterThan(0);
          expect(new Set(whole.entries.map(of)), query).toEqual(new Set([id]));
        }
      }
    }
  });

  it('gives the same pages by number as one large page, the last ones read from the end', async () => {
    for (const sortBy of Object.values(SortBy)) {
      for (const scope of scopes()) {
        for (const pageSize of [2, 3]) {
          const query = `sortBy=${sortBy}${scope}&pageSize=${pageSize}`;
          const whole = (await page(`sortBy=${sortBy}${scope}&pageSize=100`)).entries;
          const pages = Math.ceil(whole.length / pageSize);
          for (let n = 1; n <= pages; n++) {
            const p = await page(`${query}&page=${n}`);
            const expected = whole.slice((n - 1) * pageSize, n * pageSize);
            expect(
              p.entries.map((e) => e.id),
              `${query} page ${n}`,
            ).toEqual(expected.map((e) => e.id));
            expect(p.nextCursor !== null, `${query} page ${n}`).toBe(n < pages);
            if (p.nextCursor) {
              // A page read from the end continues by cursor like any other.
              const next = await page(`${query}&cursor=${encodeURIComponent(p.nextCursor)}`);
              expect(next.entries[0]?.id, `${query} after page ${n}`).toBe(whole[n * pageSize]?.id);
            }
          }
        }
      }
    }
  });

  it('continues a page number with its cursor', async () => {
    const whole = await page('sortBy=RatingLowToHigh&pageSize=100');
    const second = await page('sortBy=RatingLowToHigh&pageSize=3&page=2');
    const third = await page(
      `sortBy=RatingLowToHigh&pageSize=3&cursor=${encodeURIComponent(second.nextCursor!)}`,
    );
    expect(third.currentPage).toBe(3);
    expect(third.entries.map((e) => e.id)).toEqual(whole.entries.slice(6, 9).map((e) => e.id));
  });

  it('answers 400 to a garbled or forged cursor', async () => {
    const first = await page('sortBy=RatingHighToLow&pageSize=2');
    const state = decodeCursor(first.nextCursor!)!;
    const forged = [
      'not a cursor',
      'eyJ2IjoxfQ',
      first.nextCursor!.slice(0, -3),
      `${first.nextCursor!}x`,
      encodeCursor({ ...state, k: ['x', state.k[1]!] }),
      encodeCursor({ ...state, k: [state.k[0]!] }),
      encodeCursor({ ...state, k: [state.k[0]!, null] }),
    ];
    for (const cursor of forged) {
      const res = await get(`sortBy=RatingHighToLow&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message, cursor).toMatch(/cursor/);
    }
    // A cursor belongs to its sort: the rating keys mean nothing to the date sort.
    const other = await get(`sortBy=EntryDate&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(other.statusCode).toBe(400);
    // Days and times that do not exist are refused before they reach the database.
    const byDate = await page('sortBy=ReleaseDate&pageSize=1');
    const dateState = decodeCursor(byDate.nextCursor!)!;
    for (const k of [
      ['2023-02-30', dateState.k[1]!, dateState.k[2]!],
      ['2001-01-01', '2024-01-01T25:00:00.000000Z', dateState.k[2]!],
      ['0000-01-01', dateState.k[1]!, dateState.k[2]!],
    ]) {
      const cursor = encodeCursor({ ...dateState, k });
      const res = await get(`sortBy=ReleaseDate&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, k.join()).toBe(400);
    }
  });

  it('answers a page past the end with the totals and no rows', async () => {
    const whole = await page('sortBy=EntryDate&pageSize=2');
    const beyond = await page(`sortBy=EntryDate&pageSize=2&page=${whole.totalPages + 5}`);
    expect(beyond).toEqual({
      currentPage: whole.totalPages + 5,
      totalPages: whole.totalPages,
      totalItems: whole.totalItems,
      currentItems: 0,
      itemsPerPage: 2,
      nextCursor: null,
      entries: [],
    });
  });

  it('bounds page sizes and page numbers', async () => {
    for (const [query, message] of [
      ['pageSize=101', 'pageSize must not be greater than 100'],
      ['pageSize=100&page=101', 'page must not be greater than 100 with pageSize 100'],
      ['pageSize=24&page=418', 'page must not be greater than 417 with pageSize 24'],
      ['page=10001&pageSize=1', 'page must not be greater than 10000'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(String(res.json().message), query).toContain(message);
    }
    // The deepest page numbers allowed still answer.
    expect((await get('pageSize=100&page=100')).statusCode).toBe(200);
    expect((await get('pageSize=24&page=417')).statusCode).toBe(200);
  });
});
