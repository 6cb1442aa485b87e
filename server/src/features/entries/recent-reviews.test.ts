import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  entriesQuerySchema,
  SortBy,
  type Entry,
  type PagedEntries,
} from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { changeAccountStatus } from '../users/service';
import { call, expectCountersConsistent, members, ok, type Member } from './test-support';
import { listEntries, REVIEWS_TOP_WINDOW_DAYS } from './list';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The total of the site's top reviews (recent weeks only) is read from the
 * reviews by day: it must always be the number of reviews the list shows,
 * across the window's first day, bans, hidden releases and removals.
 */
describe('entries: the total of the recent top reviews', () => {
  let t: TestApp;
  let people: Member[];
  let asked = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    people = await members(t, 4);
  });
  afterAll(async () => t?.close());

  /** A review by `who`, written `ago` ms before now. */
  async function review(who: Member, ago: number): Promise<string> {
    const release = await createRelease(t.db);
    const e = await ok<Entry>(
      call(t, who, 'POST', '/entries', { releaseId: release.id, review: `Review ${ago}` }),
      201,
    );
    const at = new Date(Date.now() - ago);
    await t.db.update(entries).set({ reviewCreatedAt: at }).where(eq(entries.id, e.id));
    return e.id;
  }

  /** The list's total and how many it shows (each read a page size of its own: no cached page). */
  async function topReviews(): Promise<{ total: number; shown: number }> {
    asked += 1;
    const page = await ok<PagedEntries>(
      call(t, null, 'GET', `/entries?sortBy=ReviewTop&pageSize=${50 - asked}`),
    );
    return { total: page.totalItems, shown: page.entries.length };
  }

  it('counts the window to the minute, and follows bans, hidden releases and removals', async () => {
    const [a, b, c] = people as [Member, Member, Member];
    const window = REVIEWS_TOP_WINDOW_DAYS * DAY;
    await review(a, 5 * MINUTE);
    await review(a, 3 * DAY);
    // Just inside and just outside the window: on its first day, counted row by row.
    await review(b, window - 10 * MINUTE);
    await review(b, window + 10 * MINUTE);
    await review(b, window + 2 * DAY);
    const onHidden = await review(c, 2 * DAY);
    expect(await topReviews()).toEqual({ total: 4, shown: 4 });

    const [hiddenRelease] = await t.db
      .select({ id: entries.releaseId })
      .from(entries)
      .where(eq(entries.id, onHidden));
    await t.db
      .update(releases)
      .set({ pendingDeletion: true })
      .where(eq(releases.id, hiddenRelease!.id));
    expect(await topReviews()).toEqual({ total: 3, shown: 3 });

    await changeAccountStatus(t.app.writer, b.user.id, AccountStatus.BANNED);
    expect(await topReviews()).toEqual({ total: 2, shown: 2 });
    await changeAccountStatus(t.app.writer, b.user.id, AccountStatus.CONFIRMED);
    expect(await topReviews()).toEqual({ total: 3, shown: 3 });

    // A review moved out of the window, and one removed.
    const moved = await review(c, DAY);
    expect(await topReviews()).toEqual({ total: 4, shown: 4 });
    await t.db
      .update(entries)
      .set({ reviewCreatedAt: new Date(Date.now() - window - DAY) })
      .where(eq(entries.id, moved));
    expect(await topReviews()).toEqual({ total: 3, shown: 3 });
    const removed = await review(a, 2 * MINUTE);
    expect(await topReviews()).toEqual({ total: 4, shown: 4 });
    await ok(call(t, a, 'DELETE', `/entries/${removed}`), 204);
    expect(await topReviews()).toEqual({ total: 3, shown: 3 });
    await expectCountersConsistent(t);
  });

  it('reads the page once for the asks of one turn made within a minute', async () => {
    await review(people[3]!, 4 * MINUTE);
    const query = entriesQuerySchema.parse({ sortBy: SortBy.ReviewTop });
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    const times = [minute + 1, minute + 30_000, minute + MINUTE - 1].map((ms) => new Date(ms));
    let pages: PagedEntries[] = [];
    const statements = await capturingStatements(t, async () => {
      pages = await Promise.all(times.map((now) => listEntries(t.db, query, now)));
    });
    expect(statements).toHaveLength(1);
    expect(pages[0]!.entries.length).toBeGreaterThan(0);
    expect(pages.map((p) => p.entries.map((e) => e.id))).toEqual(
      times.map(() => pages[0]!.entries.map((e) => e.id)),
    );
  });
});
