import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountStatus } from '@earmark/common';
import { releaseArtists, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries, entryTags, userTags } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { newId } from '../../lib/ids';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  createUsers,
  type ArtistRow,
  type GenreRow,
  type LabelRow,
} from '../../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

describe('user stats', () => {
  let t: TestApp;
  let fan: UserRow;
  let other: UserRow;
  let alpha: ArtistRow;
  let beta: ArtistRow;
  let gamma: ArtistRow;
  let l1: LabelRow;
  let l2: LabelRow;
  let g1: GenreRow;
  let g2: GenreRow;
  /** Entry ids of `fan` by release name. */
  const entryOf = new Map<string, string>();

  async function logEntry(user: UserRow, releaseId: string, rating: number | null) {
    const id = newId();
    await t.db.insert(entries).values({ id, userId: user.id, releaseId, rating });
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    [fan, other] = (await createUsers(t.db, 2)) as [UserRow, UserRow];
    alpha = await createArtist(t.db, { name: 'Alpha' });
    beta = await createArtist(t.db, { name: 'beta' });
    gamma = await createArtist(t.db, { name: 'Gamma' });
    const merged = await createArtist(t.db, { name: 'Merged away', mergedIntoId: gamma.id });
    l1 = await createLabel(t.db, { name: 'Label One' });
    l2 = await createLabel(t.db, { name: 'Label Two' });
    g1 = await createGenre(t.db, { name: `Shoegaze ${newId(4)}` });
    g2 = await createGenre(t.db, { name: `Dub ${newId(4)}` });
    const disputed = await createGenre(t.db);

    const r1 = await createRelease(t.db, {
      artists: [alpha],
      labels: [l1],
      date: '1995-06-01',
      genres: [{ genre: g1, score: 2 }],
    });
    const r2 = await createRelease(t.db, {
      artists: [alpha, beta],
      labels: [l1],
      date: '1999-01-01',
      precision: 'year',
      genres: [g1, g2],
    });
    const r3 = await createRelease(t.db, {
      artists: [beta],
      labels: [l2],
      date: '2003-05-01',
      genres: [{ genre: disputed, score: -1 }],
    });
    const r4 = await createRelease(t.db, { artists: [gamma], date: null });
    const hidden = await createRelease(t.db, {
      artists: [gamma],
      labels: [l2],
      date: '1970-01-01',
      pendingDeletion: true,
      genres: [g2],
    });
    const r6 = await createRelease(t.db, { artists: [merged], date: '2003-02-01' });

    entryOf.set('r1', await logEntry(fan, r1.id, 85));
    entryOf.set('r2', await logEntry(fan, r2.id, 40));
    entryOf.set('r3', await logEntry(fan, r3.id, null));
    entryOf.set('r4', await logEntry(fan, r4.id, 100));
    entryOf.set('hidden', await logEntry(fan, hidden.id, 50));
    entryOf.set('r6', await logEntry(fan, r6.id, 0));
    // Someone else's entries never count for `fan`.
    const otherEntry = await logEntry(other, r3.id, 10);
    await logEntry(other, r4.id, 30);

    const [chill, angry, , foreign] = await t.db
      .insert(userTags)
      .values([
        { id: newId(), userId: fan.id, name: 'chill' },
        { id: newId(), userId: fan.id, name: 'Angry' },
        // Never attached, so never listed.
        { id: newId(), userId: fan.id, name: 'unused' },
        { id: newId(), userId: other.id, name: 'chill' },
      ])
      .returning();
    await t.db.insert(entryTags).values([
      { entryId: entryOf.get('r1')!, tagId: chill!.id },
      { entryId: entryOf.get('r2')!, tagId: chill!.id },
      { entryId: entryOf.get('r1')!, tagId: angry!.id },
      { entryId: entryOf.get('hidden')!, tagId: angry!.id },
      { entryId: otherEntry, tagId: foreign!.id },
    ]);
  });
  afterAll(async () => t?.close());

  async function stats(userId: string, kind: string): Promise<unknown> {
    const res = await t.app.inject({ method: 'GET', url: `/api/entries/user/${userId}/${kind}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('counts artists with their average rating, visible ones only', async () => {
    expect(await stats(fan.id, 'artists')).toEqual([
      { artist: { id: alpha.id, name: 'Alpha', nameLatin: null }, count: 2, avgRating: 62.5 },
      { artist: { id: beta.id, name: 'beta', nameLatin: null }, count: 2, avgRating: 40 },
      { artist: { id: gamma.id, name: 'Gamma', nameLatin: null }, count: 1, avgRating: 100 },
    ]);
  });

  it('counts labels; a label of unrated entries has no average', async () => {
    expect(await stats(fan.id, 'labels')).toEqual([
      { label: { id: l1.id, name: 'Label One', nameLatin: null }, count: 2, avgRating: 62.5 },
      { label: { id: l2.id, name: 'Label Two', nameLatin: null }, count: 1, avgRating: null },
    ]);
  });

  it('counts genres the releases carry with a positive score', async () => {
    expect(await stats(fan.id, 'genres')).toEqual([
      { genre: { id: g1.id, name: g1.name }, count: 2 },
      { genre: { id: g2.id, name: g2.name }, count: 1 },
    ]);
  });

  it('spreads ratings over all eleven buckets', async () => {
    const counts = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1];
    expect(await stats(fan.id, 'ratings')).toEqual(
      counts.map((count, bucket) => ({ bucket, count })),
    );
    const [nobody] = await createUsers(t.db, 1);
    expect(await stats(nobody!.id, 'ratings')).toEqual(
      counts.map((_, bucket) => ({ bucket, count: 0 })),
    );
  });

  it('groups logged releases by year and decade of release', async () => {
    expect(await stats(fan.id, 'release-date')).toEqual({
      decades: [
        { decade: 1990, count: 2 },
        { decade: 2000, count: 2 },
      ],
      years: [
        { year: 1995, count: 1 },
        { year: 1999, count: 1 },
        { year: 2003, count: 2 },
      ],
    });
  });

  it("follows a release's date as it is edited, dated and undated", async () => {
    const release = await createRelease(t.db, { date: '1987-03-01' });
    const listener = (await createUsers(t.db, 1))[0]!;
    await logEntry(listener, release.id, 70);
    const chart = () => stats(listener.id, 'release-date');
    expect(await chart()).toEqual({
      decades: [{ decade: 1980, count: 1 }],
      years: [{ year: 1987, count: 1 }],
    });
    await t.db.update(releases).set({ date: '2011-09-09' }).where(eq(releases.id, release.id));
    // Edited straight in the tables, which drops no cached chart (see chart-cache.test.ts).
    t.app.readCache.clear();
    expect(await chart()).toEqual({
      decades: [{ decade: 2010, count: 1 }],
      years: [{ year: 2011, count: 1 }],
    });
    await t.db.update(releases).set({ date: null }).where(eq(releases.id, release.id));
    t.app.readCache.clear();
    expect(await chart()).toEqual({ decades: [], years: [] });
  });

  it("counts the user's own tags on their entries", async () => {
    const rows = (await stats(fan.id, 'tags')) as { tag: { name: string }; count: number }[];
    expect(rows.map((r) => [r.tag.name, r.count])).toEqual([
      ['chill', 2],
      ['Angry', 1],
    ]);
  });

  it("keeps the top twenty, ties by the user's average rating, unrated last, then by id", async () => {
    const [collector] = await createUsers(t.db, 1);
    const names = Array.from({ length: 22 }, (_, i) => `Band ${String(i).padStart(2, '0')}`);
    const bands = await Promise.all(names.map((name) => createArtist(t.db, { name })));
    // Bands 00 to 19 logged once, rated 50 + their number (so the later the
    // name, the higher), but Band 02 rated as Band 01: the two tie on both.
    // Band 20 logged once unrated; Band 21 logged twice, so it leads.
    const ratingOf = (i: number) => (i === 20 ? null : i === 2 ? 51 : 50 + i);
    for (const [i, band] of bands.entries()) {
      const release = await createRelease(t.db, { artists: [band] });
      await logEntry(collector!, release.id, i === 21 ? 10 : ratingOf(i));
    }
    const extra = await createRelease(t.db, { artists: [bands[21]!] });
    await logEntry(collector!, extra.id, 20);
    // Twenty merged artists, each logged more than any band: hidden, they
    // neither show nor take a place among the twenty.
    for (let i = 0; i < 20; i++) {
      const gone = await createArtist(t.db, { name: `Gone ${i}`, mergedIntoId: bands[0]!.id });
      for (let k = 0; k < 3; k++) {
        await logEntry(collector!, (await createRelease(t.db, { artists: [gone] })).id, 50);
      }
    }

    const rows = (await stats(collector!.id, 'artists')) as {
      artist: { id: string; name: string };
      count: number;
      avgRating: number | null;
    }[];
    const tied = [bands[1]!, bands[2]!].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(rows.map((r) => r.artist.name)).toEqual([
      'Band 21',
      ...names.slice(3, 20).reverse(),
      ...tied.map((band) => band.name),
    ]);
    expect(rows[0]).toMatchObject({ count: 2, avgRating: 15 });
    expect(rows[1]).toMatchObject({ count: 1, avgRating: 69 });
  });

  it('orders tied genres by the average rating too, unrated last, hidden ones left out', async () => {
    const [listener] = await createUsers(t.db, 1);
    const loved = await createGenre(t.db, { name: `Zydeco ${newId(4)}` });
    const unrated = await createGenre(t.db, { name: `Ambient ${newId(4)}` });
    const liked = await createGenre(t.db, { name: `Bebop ${newId(4)}` });
    for (const [genre, rating] of [
      [unrated, null],
      [liked, 60],
      [loved, 90],
    ] as const) {
      await logEntry(listener!, (await createRelease(t.db, { genres: [genre] })).id, rating);
    }
    // Twenty hidden genres (merged, or pending deletion), each logged more:
    // they neither show nor take a place among the twenty.
    for (let i = 0; i < 20; i++) {
      const gone = await createGenre(
        t.db,
        i % 2 ? { mergedIntoId: loved.id } : { pendingDeletion: true },
      );
      for (let k = 0; k < 2; k++) {
        await logEntry(listener!, (await createRelease(t.db, { genres: [gone] })).id, 50);
      }
    }
    const rows = (await stats(listener!.id, 'genres')) as { genre: { id: string } }[];
    expect(rows.map((r) => r.genre.id)).toEqual([loved.id, liked.id, unrated.id]);
  });

  it("follows a release's credits edited after it was logged", async () => {
    const [listener] = await createUsers(t.db, 1);
    const before = await createArtist(t.db, { name: 'Credited first' });
    const after = await createArtist(t.db, { name: 'Credited since' });
    const label = await createLabel(t.db, { name: 'Imprint since' });
    const release = await createRelease(t.db, { artists: [before] });
    await logEntry(listener!, release.id, 80);
    const names = async (kind: 'artists' | 'labels') =>
      ((await stats(listener!.id, kind)) as Record<string, { name: string }>[]).map(
        (r) => (r.artist ?? r.label)!.name,
      );
    expect(await names('artists')).toEqual(['Credited first']);
    expect(await names('labels')).toEqual([]);

    await t.db
      .update(releaseArtists)
      .set({ artistId: after.id })
      .where(eq(releaseArtists.releaseId, release.id));
    await t.db
      .insert(releaseLabels)
      .values({ releaseId: release.id, labelId: label.id, position: 0 });
    t.app.readCache.clear();
    expect(await names('artists')).toEqual(['Credited since']);
    expect(await names('labels')).toEqual(['Imprint since']);
  });

  it('answers 404 for unknown and banned users', async () => {
    const [banned] = await createUsers(t.db, 1, { accountStatus: AccountStatus.BANNED });
    for (const id of ['no-such-user', banned!.id]) {
      for (const kind of ['artists', 'ratings', 'labels', 'genres', 'release-date', 'tags']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/entries/user/${id}/${kind}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('User not found');
      }
    }
  });
});
