import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplicitCoverArt, type PagedReleases } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  dayFromToday,
  voteGenre,
} from '../../../test/catalogue-factories';

describe('releases: paging, filters and bad queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
  async function page(query: string): Promise<PagedReleases> {
    const res = await get(query);
    expect(res.statusCode).toBe(200);
    return res.json<PagedReleases>();
  }

  it('pages by 48 with the paging fields, without overlap', async () => {
    const label = await createLabel(t.db);
    const artist = await createArtist(t.db);
    for (let i = 0; i < 50; i++) {
      await createRelease(t.db, { artists: [artist], labels: [label], date: dayFromToday(-i - 1) });
    }
    const first = await page(`labelId=${label.id}`);
    expect(first).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 50,
      currentItems: 48,
      itemsPerPage: 48,
    });
    expect(first.releases).toHaveLength(48);
    const second = await page(`type=new&labelId=${label.id}&page=2`);
    expect(second).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalItems: 50,
      currentItems: 2,
      itemsPerPage: 48,
    });
    const ids = new Set([...first.releases, ...second.releases].map((r) => r.id));
    expect(ids.size).toBe(50);
    // The oldest two come last.
    expect(second.releases.map((r) => r.date)).toEqual([dayFromToday(-49), dayFromToday(-50)]);

    const beyond = await page(`labelId=${label.id}&page=3`);
    expect(beyond).toMatchObject({ currentPage: 3, totalPages: 2, currentItems: 0, releases: [] });

    const small = await page(`labelId=${label.id}&pageSize=20&page=3`);
    expect(small).toMatchObject({ totalPages: 3, currentItems: 10, itemsPerPage: 20 });
  });

  it('gives an empty list no pages', async () => {
    const label = await createLabel(t.db);
    expect(await page(`type=top&labelId=${label.id}`)).toEqual({
      currentPage: 1,
      totalPages: 0,
      totalItems: 0,
      currentItems: 0,
      itemsPerPage: 48,
      nextCursor: null,
      releases: [],
    });
    // An unknown filter id is simply an empty list.
    expect((await page('genreId=nope')).totalItems).toBe(0);
  });

  it('filters by genre (positive score only), label and artist, together', async () => {
    const [shoegaze, dream] = [await createGenre(t.db), await createGenre(t.db)];
    const [lead, guest] = [await createArtist(t.db), await createArtist(t.db)];
    const label = await createLabel(t.db);
    const voted = await createRelease(t.db, {
      title: 'voted',
      artists: [lead, guest],
      labels: [label],
      genres: [{ genre: shoegaze, score: 2 }],
    });
    const disputed = await createRelease(t.db, { title: 'disputed', artists: [guest] });
    await voteGenre(t.db, disputed, shoegaze, 1);
    await voteGenre(t.db, disputed, shoegaze, -1);
    await createRelease(t.db, { title: 'rejected', genres: [{ genre: shoegaze, score: -1 }] });
    await createRelease(t.db, { title: 'other genre', labels: [label], genres: [dream] });

    const titles = async (q: string) => (await page(q)).releases.map((r) => r.title).sort();
    expect(await titles(`genreId=${shoegaze.id}`)).toEqual(['voted']);
    expect(await titles(`type=recently-added&labelId=${label.id}`)).toEqual([
      'other genre',
      'voted',
    ]);
    // A second-credited artist counts too.
    expect(await titles(`artistId=${guest.id}`)).toEqual(['disputed', 'voted']);
    expect(await titles(`artistId=${guest.id}&labelId=${label.id}&genreId=${shoegaze.id}`)).toEqual(
      ['voted'],
    );
    expect(await titles(`artistId=${lead.id}&genreId=${dream.id}`)).toEqual([]);
    // Summaries carry the artists in credit order.
    const [summary] = (await page(`genreId=${shoegaze.id}`)).releases;
    expect(summary!.artists.map((a) => a.id)).toEqual([lead.id, guest.id]);
    expect(voted.id).toBe(summary!.id);
  });

  it('sends cover URLs and explicit categories with every summary, and hides pending deletions', async () => {
    const label = await createLabel(t.db);
    await createRelease(t.db, {
      title: 'explicit',
      labels: [label],
      explicitCoverArt: [ExplicitCoverArt.BLOOD_GORE, ExplicitCoverArt.NUDITY],
      cover: { sm: 'bb-sm.webp', md: 'bb-md.webp', lg: 'bb-lg.webp', og: 'bb-og.jpg' },
    });
    await createRelease(t.db, { title: 'pending', labels: [label], pendingDeletion: true });
    const [summary, ...rest] = (await page(`labelId=${label.id}`)).releases;
    expect(rest).toEqual([]);
    expect(summary).toMatchObject({
      title: 'explicit',
      explicitCoverArt: ['BLOOD_GORE', 'NUDITY'],
      cover: {
        sm: '/media/covers/bb-sm.webp',
        md: '/media/covers/bb-md.webp',
        lg: '/media/covers/bb-lg.webp',
        og: '/media/covers/bb-og.jpg',
      },
    });
  });

  it.each([
    [
      'type=nope',
      'type must be one of the following values: new, new-popular, popular, upcoming, recently-added, top, top-oty',
    ],
    ['page=0', 'page must not be less than 1'],
    ['page=abc', 'page must be an integer number'],
    ['page=1.5', 'page must be an integer number'],
    ['pageSize=101', 'pageSize must not be greater than 100'],
    ['pageSize=0', 'pageSize must not be less than 1'],
    ['type=top-oty&year=99', 'year must not be less than 1800'],
    [`labelId=${'x'.repeat(65)}`, 'labelId must be shorter than or equal to 64 characters'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: [message] });
  });
});
