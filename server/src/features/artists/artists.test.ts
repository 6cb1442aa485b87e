import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseType, type Artist } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addRatings,
  createArtist,
  createRelease,
  dayFromToday,
} from '../../../test/catalogue-factories';

describe('artists: GET /api/artists/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/artists/${id}` });

  it('returns the artist with every visible release, newest first', async () => {
    const artist = await createArtist(t.db, {
      name: '宇多田ヒカル',
      nameLatin: 'Utada Hikaru',
      bio: 'Japanese singer-songwriter.',
    });
    const partner = await createArtist(t.db, { name: 'Skrillex' });
    const first = await createRelease(t.db, {
      title: 'First Love',
      artists: [artist],
      date: '1999-03-10',
    });
    await createRelease(t.db, { title: 'Undated', artists: [artist], date: null });
    await createRelease(t.db, {
      title: 'Face My Fears',
      artists: [artist, partner],
      date: '2019-01-18',
      type: ReleaseType.Single,
    });
    await createRelease(t.db, { title: 'Next', artists: [artist], date: dayFromToday(60) });
    await createRelease(t.db, { title: 'Withdrawn', artists: [artist], pendingDeletion: true });
    await createRelease(t.db, { title: 'Not theirs', artists: [partner] });
    await addRatings(t.db, first, [90]);

    const res = await get(artist.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<Artist>();
    expect(body).toMatchObject({
      id: artist.id,
      name: '宇多田ヒカル',
      nameLatin: 'Utada Hikaru',
      bio: 'Japanese singer-songwriter.',
    });
    expect(body.releases.map((r) => r.title)).toEqual([
      'Next',
      'Face My Fears',
      'First Love',
      'Undated',
    ]);
    expect(body.releases[1]!.artists.map((a) => a.name)).toEqual(['宇多田ヒカル', 'Skrillex']);
    expect(body.releases[1]!.type).toBe(ReleaseType.Single);
    expect(body.releases[2]!.stats).toEqual({ ratingsCount: 1, ratingsAvg: 90 });
  });

  it('answers 404 for unknown and hidden artists', async () => {
    const hidden = await createArtist(t.db, { pendingDeletion: true });
    for (const id of ['nope', hidden.id]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Artist not found');
    }
  });
});
