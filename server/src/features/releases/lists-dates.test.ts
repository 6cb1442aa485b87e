import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedReleases } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addEntriesAt,
  addRatings,
  createLabel,
  createRelease,
  currentYear,
  dayFromToday,
  daysAgo,
  type ReleaseRow,
} from '../../../test/catalogue-factories';

/**
 * The date-driven lists on crafted data. Each test puts its releases on a
 * label of its own and filters by it, so tests do not see each other's rows.
 */
describe('releases: new, upcoming, recently-added, new-popular and popular lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function list(type: string, labelId: string): Promise<PagedReleases> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/releases?type=${type}&labelId=${labelId}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<PagedReleases>();
  }
  const titles = (page: PagedReleases) => page.releases.map((r) => r.title);

  /** Release creation times one second apart, so ties on the date have a known order. */
  let clock = Date.parse('2020-01-01T00:00:00Z');
  const made = () => new Date((clock += 1000));

  const year = currentYear();
  const thisMonth = `${dayFromToday().slice(0, 7)}-01`;
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);

  it('splits released and upcoming at today (UTC), reading month and year dates from their first day', async () => {
    const label = await createLabel(t.db);
    const add = (title: string, date: string | null, precision?: 'day' | 'month' | 'year') =>
      createRelease(t.db, { title, date, precision, labels: [label], createdAt: made() });
    const rows: ReleaseRow[] = [
      await add('old', '2001-05-01'),
      await add('this year', `${year}-01-01`, 'year'),
      await add('this month', thisMonth, 'month'),
      await add('today', dayFromToday(0)),
      await add('tomorrow', dayFromToday(1)),
      await add('next month', nextMonth, 'month'),
      await add('next year', `${year + 1}-01-01`, 'year'),
      await add('undated', null),
    ];
    await createRelease(t.db, {
      title: 'hidden',
      date: dayFromToday(0),
      labels: [label],
      pendingDeletion: true,
    });

    const today = dayFromToday(0);
    const released = rows.filter((r) => r.date !== null && r.date <= today);
    const upcoming = rows.filter((r) => r.date !== null && r.date > today);
    // Newest date first; on the same day (say, today is the 1st) the later addition first.
    const newest = [...released].sort(
      (a, b) => b.date!.localeCompare(a.date!) || b.createdAt.getTime() - a.createdAt.getTime(),
    );
    const soonest = [...upcoming].sort(
      (a, b) => a.date!.localeCompare(b.date!) || a.createdAt.getTime() - b.createdAt.getTime(),
    );

    const fresh = await list('new', label.id);
    expect(titles(fresh)).toEqual(newest.map((r) => r.title));
    expect(titles(fresh)).toEqual(expect.arrayContaining(['today', 'this year', 'this month']));
    expect(titles(fresh).at(-1)).toBe('old');
    expect(fresh.releases.find((r) => r.title === 'this year')).toMatchObject({
      date: `${year}-01-01`,
      datePrecision: 'year',
    });

    const soon = await list('upcoming', label.id);
    expect(titles(soon)).toEqual(soonest.map((r) => r.title));
    expect(titles(soon)[0]).toBe('tomorrow');
    expect(titles(soon)).toEqual(expect.arrayContaining(['next month', 'next year']));
    expect(titles(soon)).not.toContain('today');

    // Newest additions first, dated or not; hidden ones never.
    const added = await list('recently-added', label.id);
    expect(titles(added)).toEqual([...rows].reverse().map((r) => r.title));
  });

  it('new-popular: released today or in the 13 days before, most entries first', async () => {
    const label = await createLabel(t.db);
    const add = (title: string, date: string) =>
      createRelease(t.db, { title, date, labels: [label], createdAt: made() });
    const busy = await add('3 days old', dayFromToday(-3));
    const edge = await add('13 days old', dayFromToday(-13));
    await add('today, no entries', dayFromToday(0));
    const tooOld = await add('14 days old', dayFromToday(-14));
    const future = await add('tomorrow', dayFromToday(1));
    await addRatings(t.db, busy, [70, 80, 90]);
    await addEntriesAt(t.db, busy, 2, daysAgo(1));
    await addRatings(t.db, edge, [60, 65]);
    await addRatings(
      t.db,
      tooOld,
      Array.from({ length: 10 }, () => 90),
    );
    await addEntriesAt(t.db, future, 10, daysAgo(1));

    const page = await list('new-popular', label.id);
    expect(titles(page)).toEqual(['3 days old', '13 days old', 'today, no entries']);
    expect(page.releases[0]!.stats).toEqual({ ratingsCount: 3, ratingsAvg: 80 });
  });

  it('popular: most entries created in the last 30 days, whatever the release date', async () => {
    const label = await createLabel(t.db);
    const add = (title: string, date: string, pendingDeletion = false) =>
      createRelease(t.db, { title, date, labels: [label], createdAt: made(), pendingDeletion });
    const steady = await add('steady', '1999-03-01');
    const recent = await add('recent', '2015-01-01');
    const faded = await add('faded', '2010-01-01');
    const upcoming = await add('upcoming', dayFromToday(40));
    const hidden = await add('hidden', '2012-01-01', true);
    await addEntriesAt(t.db, steady, 3, daysAgo(29));
    await addEntriesAt(t.db, steady, 1, daysAgo(0));
    await addRatings(t.db, recent, [50, 60]);
    await addEntriesAt(t.db, recent, 1, daysAgo(31));
    await addEntriesAt(t.db, faded, 10, daysAgo(31));
    await addEntriesAt(t.db, upcoming, 1, daysAgo(2));
    await addEntriesAt(t.db, hidden, 9, daysAgo(1));

    const page = await list('popular', label.id);
    // 'recent' has 3 entries in all but only 2 inside the window.
    expect(titles(page)).toEqual(['steady', 'recent', 'upcoming']);
    expect(page.totalItems).toBe(3);
  });
});
