import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplicitCoverArt, ReleaseType, type Release } from '@earmark/common';
import { languages } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addRatings,
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  currentYear,
  voteGenre,
} from '../../../test/catalogue-factories';

describe('releases: GET /api/releases/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/releases/${id}` });

  it('returns the release with its artists, labels, languages, genres, tracks and stats', async () => {
    const [first, hidden, second] = [
      await createArtist(t.db, { name: 'Kim Gordon' }),
      await createArtist(t.db, { name: 'Gone', pendingDeletion: true }),
      await createArtist(t.db, { name: 'Thurston Moore', nameLatin: null }),
    ];
    const labelB = await createLabel(t.db, { name: 'Geffen' });
    const labelA = await createLabel(t.db, { name: 'DGC' });
    await t.db.insert(languages).values([
      { id: 'zzb', iso6391: null, name: 'Zz Beta' },
      { id: 'zza', iso6391: 'za', name: 'Zz Alpha' },
    ]);
    const [noise, rock, grunge, folk, jazz] = await Promise.all(
      ['Noise Rock', 'Rock', 'Grunge', 'Folk', 'Jazz'].map((name) => createGenre(t.db, { name })),
    );
    const leaving = await createGenre(t.db, { name: 'Leaving', pendingDeletion: true });
    const release = await createRelease(t.db, {
      title: 'Goo',
      artists: [first, hidden, second],
      labels: [labelB, labelA],
      languageIds: ['zzb', 'zza'],
      genres: [
        { genre: rock!, score: 1 },
        { genre: noise!, score: 3 },
        { genre: grunge!, score: 1 },
        { genre: jazz!, score: -2 },
        { genre: leaving, score: 5 },
      ],
      date: '1990-06-26',
      type: ReleaseType.LP,
      explicitCoverArt: [ExplicitCoverArt.NUDITY],
      cover: { sm: 'aa-sm.webp', md: 'aa-md.webp', lg: 'aa-lg.webp', og: 'aa-og.jpg' },
      tracks: [
        { track: 'A1', title: 'Dirty Boots', durationMs: 328_000, upvotes: 4, downvotes: 1 },
        { track: 'A2', title: 'Tunic', durationMs: 375_000 },
        { track: 'B1', title: 'Untitled', durationMs: null, downvotes: 2 },
      ],
    });
    // A genre voted up and down as often has no positive score and stays off the page.
    await voteGenre(t.db, release, folk!, 1);
    await voteGenre(t.db, release, folk!, -1);
    await addRatings(t.db, release, [80, 90, 97]);

    const res = await get(release.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<Release>();
    expect(body).toMatchObject({
      id: release.id,
      title: 'Goo',
      titleLatin: null,
      date: '1990-06-26',
      datePrecision: 'day',
      type: ReleaseType.LP,
      explicitCoverArt: ['NUDITY'],
      cover: {
        sm: '/media/covers/aa-sm.webp',
        md: '/media/covers/aa-md.webp',
        lg: '/media/covers/aa-lg.webp',
        og: '/media/covers/aa-og.jpg',
      },
      stats: { ratingsCount: 3, ratingsAvg: 89 },
    });
    // Credit order is kept; an artist waiting for deletion is left out.
    expect(body.artists).toEqual([
      { id: first.id, name: 'Kim Gordon', nameLatin: null },
      { id: second!.id, name: 'Thurston Moore', nameLatin: null },
    ]);
    expect(body.labels.map((l) => l.name)).toEqual(['Geffen', 'DGC']);
    expect(body.languages).toEqual([
      { id: 'zza', iso6391: 'za', name: 'Zz Alpha' },
      { id: 'zzb', iso6391: null, name: 'Zz Beta' },
    ]);
    // Positive scores only, highest first, ties by name; a genre waiting for deletion is left out.
    expect(body.genres).toEqual([
      { id: noise!.id, name: 'Noise Rock', score: 3 },
      { id: grunge!.id, name: 'Grunge', score: 1 },
      { id: rock!.id, name: 'Rock', score: 1 },
    ]);
    expect(
      body.tracks.map((tr) => [tr.track, tr.title, tr.durationMs, tr.upvotes, tr.downvotes]),
    ).toEqual([
      ['A1', 'Dirty Boots', 328_000, 4, 1],
      ['A2', 'Tunic', 375_000, 0, 0],
      ['B1', 'Untitled', null, 0, 2],
    ]);
    expect(body.tracks.map((tr) => tr.order)).toEqual([0, 1, 2]);
    expect(new Date(body.createdAt).getTime()).toBe(release.createdAt.getTime());
  });

  it('reads a year-only date as that year from 1 January, without a cover or ratings', async () => {
    const release = await createRelease(t.db, {
      date: `${currentYear() - 3}-01-01`,
      precision: 'year',
      type: ReleaseType.Mixtape,
    });
    const body = (await get(release.id)).json<Release>();
    expect(body).toMatchObject({
      date: `${currentYear() - 3}-01-01`,
      datePrecision: 'year',
      type: ReleaseType.Mixtape,
      cover: null,
      explicitCoverArt: [],
      stats: { ratingsCount: 0, ratingsAvg: null },
      labels: [],
      languages: [],
      genres: [],
      tracks: [],
    });
  });

  it('answers 404 for unknown and pending-deletion releases, and leads merged ones to their target', async () => {
    const pending = await createRelease(t.db, { pendingDeletion: true });
    const kept = await createRelease(t.db);
    const merged = await createRelease(t.db, { mergedIntoId: kept.id });
    for (const id of ['nope', pending.id]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Release not found',
      });
    }
    const moved = await get(merged.id);
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe(`/api/releases/${kept.id}`);
  });

  it('refuses an id that cannot be one', async () => {
    const res = await get('x'.repeat(65));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(['id must be shorter than or equal to 64 characters']);
  });
});
