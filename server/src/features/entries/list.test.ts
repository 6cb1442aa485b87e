import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  ReleaseType,
  type Entry,
  type PagedEntries,
  type Tag,
} from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  type ReleaseRow,
} from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from './test-support';
import { changeAccountStatus } from '../users/service';

const MINUTE = 60_000;

/**
 * Crafted entries with known dates, ratings, reviews and votes; every
 * filter and sort of GET entries is checked against the names of the
 * entries it must return, in order.
 */
describe('entries: GET entries filters and sorts', () => {
  let t: TestApp;
  let u1: Member, u2: Member, u3: Member, banned: Member, gone: Member;
  let r1: ReleaseRow, r2: ReleaseRow, r3: ReleaseRow, r4: ReleaseRow, hidden: ReleaseRow;
  let ids: { artist1: string; artist2: string; label1: string; genre: string; tag1: string };
  const names = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    [u1, u2, u3, banned, gone] = (await members(t, 5)) as [Member, Member, Member, Member, Member];
    const [a1, a2, l1, l2, g] = [
      await createArtist(t.db),
      await createArtist(t.db),
      await createLabel(t.db),
      await createLabel(t.db),
      await createGenre(t.db),
    ];
    r1 = await createRelease(t.db, {
      date: '1995-06-01',
      type: ReleaseType.LP,
      artists: [a1],
      labels: [l1],
      genres: [{ genre: g, score: 2 }],
    });
    r2 = await createRelease(t.db, {
      date: '2003-03-10',
      type: ReleaseType.EP,
      artists: [a2],
      labels: [l2],
      // Voted down: not in the genre.
      genres: [{ genre: g, score: -1 }],
    });
    r3 = await createRelease(t.db, {
      date: '2009-12-31',
      type: ReleaseType.Single,
      artists: [a1, a2],
    });
    r4 = await createRelease(t.db, { date: null, type: ReleaseType.LP, artists: [a2] });
    hidden = await createRelease(t.db, { date: '2001-01-01', artists: [a1] });
    const tag1 = await ok<Tag>(call(t, u1, 'POST', '/entries/user/tags', { name: 'one' }), 201);
    const tag2 = await ok<Tag>(call(t, u1, 'POST', '/entries/user/tags', { name: 'two' }), 201);
    ids = { artist1: a1.id, artist2: a2.id, label1: l1.id, genre: g.id, tag1: tag1.id };

    const now = Date.now();
    // name, who, release, fields, created (minutes ago), rated and reviewed (minutes ago)
    const rows: [string, Member, ReleaseRow, object, number, number?, number?][] = [
      ['u1r1', u1, r1, { rating: 95, review: 'u1 on r1', tags: [tag1.id] }, 100, 50, 60],
      ['u1r2', u1, r2, { rating: 100 }, 90, 40],
      ['u1r3', u1, r3, { review: 'u1 on r3' }, 80, undefined, 10],
      ['u1r4', u1, r4, { tags: [tag1.id, tag2.id] }, 70],
      ['u2r1', u2, r1, { rating: 40, review: 'u2 on r1' }, 60, 30, 20],
      ['u2r2', u2, r2, { rating: 9 }, 50, 20],
      ['u2r3', u2, r3, { rating: 10, review: 'old u2 on r3' }, 40, 10, 45 * 24 * 60],
      ['u3r1', u3, r1, { rating: 70 }, 30, 5],
      ['bannedr1', banned, r1, { rating: 100, review: 'hidden' }, 20, 1, 1],
      ['goner2', gone, r2, { rating: 55 }, 15, 2],
      ['u1hidden', u1, hidden, { rating: 50, review: 'u1 on hidden' }, 10, 3, 3],
    ];
    for (const [name, who, release, fields, created, rated, reviewed] of rows) {
      const e = await ok<Entry>(
        call(t, who, 'POST', '/entries', { releaseId: release.id, ...fields }),
        201,
      );
      names.set(e.id, name);
      await t.db
        .update(entries)
        .set({
          createdAt: new Date(now - created * MINUTE),
          ...(rated !== undefined ? { ratingUpdatedAt: new Date(now - rated * MINUTE) } : {}),
          ...(reviewed !== undefined ? { reviewCreatedAt: new Date(now - reviewed * MINUTE) } : {}),
        })
        .where(eq(entries.id, e.id));
    }
    const idOf = (name: string) => [...names].find(([, n]) => n === name)![0];
    // Net votes: u1r1 +2, u2r1 -1, u1r3 0 (one up, one down), old u2r3 +3.
    const votes: [Member, string, number][] = [
      [u2, 'u1r1', 1],
      [u3, 'u1r1', 1],
      [u3, 'u2r1', -1],
      [u2, 'u1r3', 1],
      [u3, 'u1r3', -1],
      [u1, 'u2r3', 1],
      [u3, 'u2r3', 1],
      [gone, 'u2r3', 1],
    ];
    for (const [who, name, vote] of votes) {
      await ok(call(t, who, 'POST', `/entries/review/${idOf(name)}/votes`, { vote }));
    }
    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.BANNED);
    await changeAccountStatus(t.app.writer, gone.user.id, AccountStatus.DELETED);
    // Hidden after the fact (its creation was voted down).
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, hidden.id));
  });
  afterAll(async () => t?.close());

  async function list(query: string, who: Member | null = null): Promise<PagedEntries> {
    return ok<PagedEntries>(call(t, who, 'GET', `/entries?${query}`));
  }
  async function named(query: string): Promise<string[]> {
    return (await list(query)).entries.map((e) => names.get(e.id)!);
  }

  it('defaults to EntryDate, newest first, hiding banned and deleted users and hidden releases', async () => {
    expect(await named('')).toEqual([
      'u3r1',
      'u2r3',
      'u2r2',
      'u2r1',
      'u1r4',
      'u1r3',
      'u1r2',
      'u1r1',
    ]);
  });

  it('RatingDate lists rated entries, latest rating first', async () => {
    expect(await named('sortBy=RatingDate')).toEqual([
      'u3r1',
      'u2r3',
      'u2r2',
      'u2r1',
      'u1r2',
      'u1r1',
    ]);
  });

  it('RatingHighToLow and RatingLowToHigh', async () => {
    expect(await named('sortBy=RatingHighToLow')).toEqual([
      'u1r2',
      'u1r1',
      'u3r1',
      'u2r1',
      'u2r3',
      'u2r2',
    ]);
    expect(await named('sortBy=RatingLowToHigh')).toEqual([
      'u2r2',
      'u2r3',
      'u2r1',
      'u3r1',
      'u1r1',
      'u1r2',
    ]);
  });

  it('ReviewDate lists reviews, newest first', async () => {
    expect(await named('sortBy=ReviewDate')).toEqual(['u1r3', 'u2r1', 'u1r1', 'u2r3']);
  });

  it('ReviewTop ranks by net votes: site-wide the last 30 days, on a release or user all time', async () => {
    expect(await named('sortBy=ReviewTop')).toEqual(['u1r1', 'u1r3', 'u2r1']);
    expect(await named(`sortBy=ReviewTop&userId=${u2.user.id}`)).toEqual(['u2r3', 'u2r1']);
    expect(await named(`sortBy=ReviewTop&releaseId=${r3.id}`)).toEqual(['u2r3', 'u1r3']);
  });

  it('ReleaseDate: newest release first, undated last', async () => {
    // Each read asks a page size of its own: the dates are edited here, behind the read cache.
    let size = 10;
    const byDate = () => named(`sortBy=ReleaseDate&userId=${u1.user.id}&pageSize=${size++}`);
    expect(await byDate()).toEqual(['u1r3', 'u1r2', 'u1r1', 'u1r4']);
    // The order follows a release's date as it is edited: dated, then undated again.
    const dateOf = (r: ReleaseRow, date: string | null) =>
      t.db.update(releases).set({ date }).where(eq(releases.id, r.id));
    await dateOf(r4, '1999-01-01');
    expect(await byDate()).toEqual(['u1r3', 'u1r2', 'u1r4', 'u1r1']);
    await dateOf(r2, null);
    expect(await byDate()).toEqual(['u1r3', 'u1r4', 'u1r1', 'u1r2']);
    await dateOf(r4, r4.date);
    await dateOf(r2, r2.date);
    expect(await byDate()).toEqual(['u1r3', 'u1r2', 'u1r1', 'u1r4']);
  });

  it('releaseId and userId', async () => {
    expect(await named(`releaseId=${r1.id}`)).toEqual(['u3r1', 'u2r1', 'u1r1']);
    expect(await named(`userId=${u1.user.id}`)).toEqual(['u1r4', 'u1r3', 'u1r2', 'u1r1']);
    expect(await named(`userId=${banned.user.id}`)).toEqual([]);
    expect(await named(`releaseId=${hidden.id}`)).toEqual([]);
  });

  it('withReview', async () => {
    expect(await named('withReview=true')).toEqual(['u2r3', 'u2r1', 'u1r3', 'u1r1']);
    expect(await named('withReview=false')).toHaveLength(8);
  });

  it('year and decade of the release date', async () => {
    expect(await named('year=1995')).toEqual(['u3r1', 'u2r1', 'u1r1']);
    expect(await named('year=2009')).toEqual(['u2r3', 'u1r3']);
    expect(await named('decade=2000')).toEqual(['u2r3', 'u2r2', 'u1r3', 'u1r2']);
    expect(await named('decade=1990&userId=' + u2.user.id)).toEqual(['u2r1']);
    expect(await named('decade=1980')).toEqual([]);
  });

  it("year, decade and type follow the release's edits", async () => {
    // Edited behind the read cache: each read asks a page size of its own.
    let size = 30;
    const of = async (q: string) => named(`${q}&userId=${u1.user.id}&pageSize=${size++}`);
    await t.db.update(releases).set({ date: '1988-07-01' }).where(eq(releases.id, r3.id));
    expect(await of('decade=1980')).toEqual(['u1r3']);
    expect(await of('year=2009')).toEqual([]);
    await t.db.update(releases).set({ date: r3.date }).where(eq(releases.id, r3.id));
    expect(await of('decade=1980')).toEqual([]);
    expect(await of('year=2009')).toEqual(['u1r3']);

    expect(await of(`type=${ReleaseType.EP}`)).toEqual(['u1r2']);
    await t.db.update(releases).set({ type: ReleaseType.EP }).where(eq(releases.id, r1.id));
    expect(await of(`type=${ReleaseType.EP}`)).toEqual(['u1r2', 'u1r1']);
    expect(
      (await list(`type=${ReleaseType.EP}&userId=${u1.user.id}&pageSize=${size++}`)).totalItems,
    ).toBe(2);
    await t.db.update(releases).set({ type: r1.type }).where(eq(releases.id, r1.id));
    expect(await of(`type=${ReleaseType.EP}`)).toEqual(['u1r2']);
  });

  it('rating buckets: whole points, 100 in bucket 10', async () => {
    expect(await named('bucket=10')).toEqual(['u1r2']);
    expect(await named('bucket=9')).toEqual(['u1r1']);
    expect(await named('bucket=0')).toEqual(['u2r2']);
    expect(await named('bucket=1')).toEqual(['u2r3']);
    expect(await named('bucket=7')).toEqual(['u3r1']);
    expect(await named('bucket=5')).toEqual([]);
  });

  it('genre (positive score only), artist, label, tag and type', async () => {
    expect(await named(`genre=${ids.genre}`)).toEqual(['u3r1', 'u2r1', 'u1r1']);
    expect(await named(`artist=${ids.artist1}`)).toEqual(['u3r1', 'u2r3', 'u2r1', 'u1r3', 'u1r1']);
    expect(await named(`artist=${ids.artist2}&userId=${u1.user.id}`)).toEqual([
      'u1r4',
      'u1r3',
      'u1r2',
    ]);
    expect(await named(`label=${ids.label1}`)).toEqual(['u3r1', 'u2r1', 'u1r1']);
    // A user's entries read their releases' genres and credits from their own copies.
    expect(await named(`genre=${ids.genre}&userId=${u1.user.id}`)).toEqual(['u1r1']);
    expect(await named(`label=${ids.label1}&userId=${u2.user.id}`)).toEqual(['u2r1']);
    expect(await named(`artist=${ids.artist1}&userId=${u2.user.id}`)).toEqual(['u2r3', 'u2r1']);
    expect(await named(`artist=${ids.artist1}&genre=${ids.genre}&userId=${u2.user.id}`)).toEqual([
      'u2r1',
    ]);
    expect(await named(`tag=${ids.tag1}`)).toEqual(['u1r4', 'u1r1']);
    expect(await named(`type=${ReleaseType.EP}`)).toEqual(['u2r2', 'u1r2']);
    expect(await named(`type=${ReleaseType.LP}&sortBy=RatingHighToLow`)).toEqual([
      'u1r1',
      'u3r1',
      'u2r1',
    ]);
  });

  it('pages with the paging fields', async () => {
    const page = await list('pageSize=3&page=3');
    expect(page).toMatchObject({
      currentPage: 3,
      totalPages: 3,
      totalItems: 8,
      currentItems: 2,
      itemsPerPage: 3,
    });
    expect(page.entries.map((e) => names.get(e.id))).toEqual(['u1r2', 'u1r1']);
    const empty = await list('pageSize=3&page=4');
    expect(empty).toMatchObject({ currentItems: 0, totalItems: 8, entries: [] });
  });

  it('totals agree with the rows, whether counters or a count answer them', async () => {
    const queries = [
      '',
      'sortBy=RatingDate',
      'sortBy=ReviewDate',
      'sortBy=ReviewTop',
      'withReview=true',
      'withReview=true&sortBy=RatingHighToLow',
      `releaseId=${r1.id}`,
      `releaseId=${r1.id}&sortBy=RatingLowToHigh`,
      `releaseId=${r1.id}&sortBy=ReviewTop`,
      `releaseId=${r2.id}&withReview=true`,
      `releaseId=${r3.id}&sortBy=ReviewDate`,
      `releaseId=${hidden.id}`,
      `userId=${u1.user.id}`,
      `userId=${u1.user.id}&sortBy=RatingDate`,
      `userId=${u1.user.id}&sortBy=RatingLowToHigh`,
      `userId=${u1.user.id}&sortBy=ReviewTop`,
      `userId=${u1.user.id}&sortBy=ReleaseDate`,
      `userId=${u1.user.id}&sortBy=RatingHighToLow&withReview=true`,
      `userId=${u1.user.id}&decade=1990&type=${ReleaseType.LP}&sortBy=ReleaseDate`,
      `userId=${u2.user.id}&withReview=true`,
      `userId=${u1.user.id}&releaseId=${r1.id}`,
      `userId=${banned.user.id}&sortBy=ReviewDate`,
      `userId=${gone.user.id}&sortBy=RatingDate`,
      `genre=${ids.genre}&sortBy=RatingDate`,
      `genre=${ids.genre}&userId=${u1.user.id}&sortBy=RatingDate`,
      `artist=${ids.artist1}&label=${ids.label1}&userId=${u2.user.id}`,
      `releaseId=${r1.id}&type=${ReleaseType.LP}`,
    ];
    for (const q of queries) {
      const page = await list(`${q}&pageSize=100`);
      expect(page.totalItems, q).toBe(page.entries.length);
      // The first page reads its total in its own statement, a later page on its own.
      expect((await list(`${q}&pageSize=1&page=2`)).totalItems, q).toBe(page.totalItems);
    }
    expect((await list(`releaseId=${r1.id}&sortBy=ReviewDate`)).totalItems).toBe(2);
    // The site's reviews, less the banned account's and the one on the hidden release.
    expect((await list('sortBy=ReviewDate')).totalItems).toBe(4);
    expect((await list(`releaseId=${r2.id}`)).totalItems).toBe(2);
    // A user's counters less their entry on the hidden release.
    expect((await list(`userId=${u1.user.id}&sortBy=RatingDate`)).totalItems).toBe(2);
    expect((await list(`userId=${u1.user.id}`)).totalItems).toBe(4);
  });

  it('each entry carries its release summary and user', async () => {
    const [first] = (await list(`releaseId=${r1.id}&sortBy=ReviewTop`, u2)).entries;
    expect(first).toMatchObject({
      user: { id: u1.user.id, username: u1.user.username },
      review: { body: 'u1 on r1', upvotes: 2, downvotes: 0, myVote: 1 },
      tags: [{ name: 'one' }],
      release: { id: r1.id, date: '1995-06-01', stats: { ratingsCount: 3 } }, // the banned account's rating left out
    });
    // The signed-in viewer's own entry on the release shows on the summary.
    expect(first!.release.viewerEntry).toMatchObject({ rating: 40, hasReview: true });
  });

  it('400 for bad query values', async () => {
    for (const [q, message] of [
      ['sortBy=Best', 'sortBy must be one of the following values'],
      ['bucket=11', 'bucket must not be greater than 10'],
      ['decade=1995', 'decade must be a multiple of 10'],
      ['type=12', 'type must be one of the following values'],
      ['withReview=yes', 'withReview must be a boolean value'],
    ] as const) {
      const res = await call(t, null, 'GET', `/entries?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(String(res.json().message)).toContain(message);
    }
  });

  it('needs a constant number of queries per page', async () => {
    // Whatever the page size: the session, then a user's page made for its reader
    // in one statement (its ids and sort keys, its entries with their tags, track
    // votes and artists, the total from counters, which leave hidden accounts out,
    // and the reader's own review votes and entries).
    const counted = async (query: string, who: Member) =>
      (await capturingStatements(t, () => list(query, who))).length;
    const ofUser = (pageSize: number) => `userId=${u1.user.id}&pageSize=${pageSize}`;
    const small = await counted(ofUser(1), u3);
    const large = await counted(ofUser(8), u3);
    expect(large).toBe(2);
    expect(small).toBeLessThanOrEqual(large);
    // Another reader of the kept page: the session, their review votes and their entries.
    expect(await counted(ofUser(8), u2)).toBe(3);
    // A site-wide page is everyone's: the session, the page, the reader's two lookups.
    t.app.readCache.clear();
    expect(await counted('pageSize=8&withReview=false', u3)).toBe(4);
    expect(await counted('pageSize=8&withReview=false', u2)).toBe(3);
  });
});
