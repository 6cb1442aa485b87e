import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseType, type PagedReleases } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addRatings,
  createRelease,
  currentYear,
  type ReleaseRow,
} from '../../../test/catalogue-factories';

const repeat = (n: number, rating: number) => Array.from({ length: n }, () => rating);

/** Every rating given in one test database, to work out the prior C as the formula defines it. */
class Ratings {
  sum = 0;
  count = 0;
  async add(t: TestApp, release: ReleaseRow, ratings: number[]) {
    this.sum += ratings.reduce((a, b) => a + b, 0);
    this.count += ratings.length;
    return addRatings(t.db, release, ratings);
  }
  /** (v·R + m·C)/(v + m) */
  bayes(ratings: number[], m: number) {
    const v = ratings.length;
    const r = ratings.reduce((a, b) => a + b, 0) / v;
    const c = this.sum / this.count;
    return (v * r + m * c) / (v + m);
  }
}

async function top(t: TestApp, query: string): Promise<PagedReleases> {
  const res = await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<PagedReleases>();
}

describe('releases: top (all time)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('ranks by the Bayesian average with m = 15, listing only albums with at least 15 ratings', async () => {
    const all = new Ratings();
    const give = async (title: string, type: ReleaseType, ratings: number[]) => {
      const release = await createRelease(t.db, { title, type, date: '2005-05-05' });
      await all.add(t, release, ratings);
      return { title, ratings };
    };
    // Many low ratings on a single pull the mean C down without the single being listed.
    await give('single filler', ReleaseType.Single, repeat(150, 20));
    const few = await give('fewer but higher', ReleaseType.LP, repeat(15, 90));
    const many = await give('more but moderate', ReleaseType.LP, repeat(60, 80));
    const ep = await give('an EP', ReleaseType.EP, repeat(20, 70));
    const live = await give('a live album', ReleaseType.Live, [
      ...repeat(10, 60),
      ...repeat(10, 100),
    ]);
    await give('one short', ReleaseType.LP, repeat(14, 100));
    await give('perfect single', ReleaseType.Single, repeat(30, 100));
    await give('perfect remix', ReleaseType.Remix, repeat(30, 100));

    const expected = [few, many, ep, live]
      .map((r) => ({ ...r, score: all.bayes(r.ratings, 15) }))
      .sort((a, b) => b.score - a.score)
      .map((r) => r.title);
    const page = await top(t, 'type=top');
    expect(page.releases.map((r) => r.title)).toEqual(expected);
    // The formula, not the plain average: 60 ratings of 8.0 beat 15 ratings of 9.0 here.
    expect(expected.indexOf('more but moderate')).toBeLessThan(
      expected.indexOf('fewer but higher'),
    );
    expect(page.totalItems).toBe(4);
    expect(page.releases.find((r) => r.title === 'fewer but higher')!.stats).toEqual({
      ratingsCount: 15,
      ratingsAvg: 90,
    });
  });
});

describe('releases: top ties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('puts more ratings first on equal scores, then orders by id', async () => {
    // Every rating is 5.0, so C = R = 50 and every score is exactly 50.
    const more = await createRelease(t.db, { title: 'more', type: ReleaseType.Compilation });
    const twinA = await createRelease(t.db, { title: 'twin', type: ReleaseType.Mixtape });
    const twinB = await createRelease(t.db, { title: 'twin', type: ReleaseType.EP });
    await addRatings(t.db, twinA, repeat(20, 50));
    await addRatings(t.db, more, repeat(30, 50));
    await addRatings(t.db, twinB, repeat(20, 50));
    const page = await top(t, 'type=top');
    expect(page.releases.map((r) => r.id)).toEqual([more.id, ...[twinA.id, twinB.id].sort()]);
  });
});

describe('releases: top of the year', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('ranks the current year (or ?year=) with m = 10', async () => {
    const year = currentYear();
    const all = new Ratings();
    const give = async (title: string, date: string, ratings: number[], precision?: 'year') => {
      const release = await createRelease(t.db, { title, date, precision, type: ReleaseType.LP });
      await all.add(t, release, ratings);
      return { title, ratings };
    };
    const early = await give('January', `${year}-01-01`, repeat(10, 80));
    const yearOnly = await give('sometime this year', `${year}-01-01`, repeat(12, 75), 'year');
    await give('nine ratings', `${year}-01-02`, repeat(9, 100));
    const last = await give('last year', `${year - 1}-12-31`, repeat(10, 90));
    const older = await give('older', `${year - 1}-01-01`, repeat(11, 50));
    await give('next year', `${year + 1}-01-01`, []);

    const expected = [early, yearOnly]
      .map((r) => ({ ...r, score: all.bayes(r.ratings, 10) }))
      .sort((a, b) => b.score - a.score)
      .map((r) => r.title);
    const page = await top(t, 'type=top-oty');
    expect(page.releases.map((r) => r.title)).toEqual(expected);
    expect(expected[0]).toBe('January');

    const before = await top(t, `type=top-oty&year=${year - 1}`);
    expect(before.releases.map((r) => r.title)).toEqual(
      [last, older]
        .map((r) => ({ ...r, score: all.bayes(r.ratings, 10) }))
        .sort((a, b) => b.score - a.score)
        .map((r) => r.title),
    );

    // None of these reaches the all-time minimum of 15 ratings.
    expect((await top(t, 'type=top')).totalItems).toBe(0);
  });
});
