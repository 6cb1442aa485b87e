import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedEntries } from '@earmark/common';
import { entries } from '../../db/schema/entries';
import { recountCounters } from '../../db/recount';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { addRatings, createRelease } from '../../../test/catalogue-factories';
import { call, ok } from './test-support';

/** A page of a release's ratings by date, five a page, and the statements it took. */
async function ratingsPage(t: TestApp, releaseId: string, page: number) {
  let body!: PagedEntries;
  const statements = await capturingStatements(t, async () => {
    const url = `/entries?releaseId=${releaseId}&sortBy=RatingDate&pageSize=5&page=${page}`;
    body = await ok<PagedEntries>(call(t, null, 'GET', url));
  });
  return { body, ids: body.entries.map((e) => e.id), statements };
}

describe('entries: a numbered page past the first, read with its total', () => {
  let t: TestApp;
  let releaseId: string;
  /** The release's entries in the list's order (newest rating first). */
  let order: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    const release = await createRelease(t.db);
    releaseId = release.id;
    for (let i = 0; i < 30; i++) {
      await addRatings(t.db, release, [40 + i], { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const all = await ok<PagedEntries>(
      call(t, null, 'GET', `/entries?releaseId=${releaseId}&sortBy=RatingDate&pageSize=100`),
    );
    order = all.entries.map((e) => e.id);
    expect(order).toHaveLength(30);
  });
  afterAll(async () => t?.close());

  it('reads a first-half page in one statement once the list’s total is known', async () => {
    const fresh = await createRelease(t.db);
    await addRatings(t.db, fresh, [70, 80, 90, 60, 50, 65, 75]);
    // Never read: its total is counted first.
    expect((await ratingsPage(t, fresh.id, 2)).statements).toHaveLength(2);

    expect((await ratingsPage(t, releaseId, 1)).statements).toHaveLength(1);
    for (const page of [2, 3]) {
      const { body, ids, statements } = await ratingsPage(t, releaseId, page);
      expect(statements).toHaveLength(1);
      expect(ids).toEqual(order.slice((page - 1) * 5, page * 5));
      expect(body).toMatchObject({ totalItems: 30, totalPages: 6, currentPage: page });
    }
  });

  it('reads a second-half page from the end in one statement once the list’s total is known', async () => {
    const fresh = await createRelease(t.db);
    await addRatings(t.db, fresh, [70, 80, 90, 60, 50, 65, 75]);
    // Never read: counted first, then read from the end.
    expect((await ratingsPage(t, fresh.id, 2)).statements).toHaveLength(2);

    await ratingsPage(t, releaseId, 1);
    for (const page of [5, 6]) {
      const { body, ids, statements } = await ratingsPage(t, releaseId, page);
      expect(statements).toHaveLength(1);
      // Read from the end: the list's order reversed, the total within.
      expect(statements[0]!.query).toMatch(/ asc\b/);
      expect(ids).toEqual(order.slice((page - 1) * 5, page * 5));
      expect(body).toMatchObject({ totalItems: 30, totalPages: 6, currentPage: page });
    }
  });

  it('reads a second-half page again when the list changed since its total was known', async () => {
    const release = await createRelease(t.db);
    for (let i = 0; i < 30; i++) {
      await addRatings(t.db, release, [40 + i], { createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
    }
    const listed = async () =>
      (
        await ok<PagedEntries>(
          call(t, null, 'GET', `/entries?releaseId=${release.id}&sortBy=RatingDate&pageSize=100`),
        )
      ).entries.map((e) => e.id);
    await ratingsPage(t, release.id, 1);
    // Five of the newest go: 25 left, while the known total is still 30.
    const before = await listed();
    await t.db.delete(entries).where(inArray(entries.id, before.slice(0, 5)));
    await recountCounters(t.db, { releases: [release.id] });
    // (Not read again: reading it would tell the list its new total.)
    const now = before.slice(5);
    const { body, ids, statements } = await ratingsPage(t, release.id, 5);
    // The rows read from the end with the old total were not the page's: counted, read again.
    expect(statements).toHaveLength(3);
    expect(ids).toEqual(now.slice(20, 25));
    expect(body).toMatchObject({ totalItems: 25, totalPages: 5, currentPage: 5 });
  });

  it('answers from the list as it is when the known total is stale', async () => {
    await ratingsPage(t, releaseId, 1);
    // Twenty entries go: page 3 was in the first half of 30, and is past the end of 10.
    const gone = order.slice(10);
    await t.db.delete(entries).where(inArray(entries.id, gone));
    await recountCounters(t.db, { releases: [releaseId] });
    const past = await ratingsPage(t, releaseId, 3);
    expect(past.body).toMatchObject({ totalItems: 10, totalPages: 2, currentItems: 0 });
    expect(past.ids).toEqual([]);
    // The known total is now 10: page 2 lies in the second half and is read from the end.
    const second = await ratingsPage(t, releaseId, 2);
    expect(second.ids).toEqual(order.slice(5, 10));
    expect(second.statements).toHaveLength(1);
  });
});
