import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContributorStatus, ReleaseType } from '@earmark/common';
import { buildTestApp, createUser, type TestApp } from '../../../../test/helpers';
import {
  artists,
  genres,
  labels,
  languages,
  releaseArtists,
  releaseGenres,
  releaseGenreVotes,
  releases,
  tracks,
} from '../../schema/catalogue';
import { entries } from '../../schema/entries';
import { users } from '../../schema/users';
import { mediaDir } from '../../../lib/media';
import { buildDemoCatalogue } from './catalogue-data';
import genreList from './genres.json';
import languageList from './languages.json';
import { seedDemo } from './index';
import { DEMO_PEOPLE } from './people';
import { countTables, expectConsistentStats } from './test-support';

const NOW = new Date('2026-03-15T12:00:00Z');
const quiet = { info: () => undefined };

// Two files naming the same artist and label (spelled differently), every date form.
const fileA = {
  artists: [{ name: 'Test Band', nameLatin: null, bio: null }],
  releases: [
    {
      title: 'First Light',
      titleLatin: null,
      artists: ['Test Band'],
      type: 'LP',
      date: '1971-05-04',
      labels: ['Harvest'],
      genres: ['Rock', 'Progressive Rock'],
      languages: ['eng'],
      explicitCoverArt: ['NUDITY'],
      tracks: [
        ['Opening', '4:05'],
        ['Long Suite', '1:02:03'],
        ['Unknown Length', null],
      ],
    },
    {
      title: 'Year Only',
      titleLatin: null,
      artists: ['Test Band'],
      type: 'Live',
      date: '1974',
      labels: ['harvest'],
      genres: ['Hard Rock'],
      languages: [],
      explicitCoverArt: [],
      tracks: [['Jam', '12:00']],
    },
  ],
};
const fileB = {
  artists: [
    { name: 'Test Band', nameLatin: null, bio: 'A band made for tests.' },
    { name: 'ソロ', nameLatin: 'Soro', bio: 'A Japanese singer.' },
    { name: 'Unused Artist', nameLatin: null, bio: null },
  ],
  releases: [
    {
      title: '夜明け',
      titleLatin: 'Yoake',
      artists: ['ソロ', 'Test Band'],
      type: 'EP',
      date: '2019-07',
      labels: ['Sony Music Japan'],
      genres: ['J-Pop'],
      languages: ['jpn'],
      explicitCoverArt: [],
      tracks: [['朝', '3:30']],
    },
    {
      title: 'First Light',
      titleLatin: null,
      artists: ['Test Band'],
      type: 'Reissue',
      date: '+12d',
      labels: ['Harvest'],
      genres: ['Rock'],
      languages: ['eng'],
      explicitCoverArt: [],
      tracks: [['Opening', '4:05']],
    },
    {
      title: 'Just Out',
      titleLatin: null,
      artists: ['ソロ'],
      type: 'Single',
      date: '-5d',
      labels: [],
      genres: ['J-Pop', 'City Pop'],
      languages: ['jpn'],
      explicitCoverArt: [],
      tracks: [['Just Out', '3:00']],
    },
  ],
};

describe('demo seed on a small catalogue', () => {
  let t: TestApp;
  let adminId: string;
  const catalogue = buildDemoCatalogue({
    genres: genreList,
    languages: languageList,
    releaseFiles: { 'a.json': fileA, 'b.json': fileB },
  });

  beforeAll(async () => {
    t = await buildTestApp();
    adminId = (await createUser(t.db, { contributorStatus: ContributorStatus.ADMIN })).user.id;
  });
  afterAll(async () => t?.close());

  it('writes releases with resolved dates, ordered artists, tracks and genre votes', async () => {
    const summary = await seedDemo(t.db, t.config.dataDir, quiet, { now: NOW, catalogue });
    expect(summary).toMatchObject({ releases: 5, artists: 2, labels: 2, covers: 5 });
    expect(summary!.users).toBe(DEMO_PEOPLE.length);

    const rows = await t.db
      .select()
      .from(releases)
      .orderBy(asc(releases.title), asc(releases.type));
    const byKey = (title: string, type: number) =>
      rows.find((r) => r.title === title && r.type === type)!;
    expect(byKey('First Light', ReleaseType.LP)).toMatchObject({
      date: '1971-05-04',
      datePrecision: 'day',
      explicitCoverArt: ['NUDITY'],
      createdById: adminId,
    });
    expect(byKey('Year Only', ReleaseType.Live)).toMatchObject({
      date: '1974-01-01',
      datePrecision: 'year',
    });
    expect(byKey('夜明け', ReleaseType.EP)).toMatchObject({
      titleLatin: 'Yoake',
      date: '2019-07-01',
      datePrecision: 'month',
    });
    expect(byKey('First Light', ReleaseType.Reissue).date).toBe('2026-03-27');
    expect(byKey('Just Out', ReleaseType.Single).date).toBe('2026-03-10');
    for (const r of rows) expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());

    // One artist row for the band named in both files, with the bio one of them knew.
    const band = await t.db.select().from(artists).where(eq(artists.name, 'Test Band'));
    expect(band).toHaveLength(1);
    expect(band[0]!.bio).toBe('A band made for tests.');
    expect((await t.db.select().from(labels)).map((l) => l.name).sort()).toEqual([
      'Harvest',
      'Sony Music Japan',
    ]);
    const credits = await t.db
      .select({ name: artists.name, position: releaseArtists.position })
      .from(releaseArtists)
      .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
      .where(eq(releaseArtists.releaseId, byKey('夜明け', ReleaseType.EP).id))
      .orderBy(asc(releaseArtists.position));
    expect(credits.map((c) => c.name)).toEqual(['ソロ', 'Test Band']);

    const list = await t.db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, byKey('First Light', ReleaseType.LP).id))
      .orderBy(asc(tracks.order));
    expect(list.map((x) => [x.track, x.title, x.durationMs])).toEqual([
      ['1', 'Opening', 245_000],
      ['2', 'Long Suite', 3_723_000],
      ['3', 'Unknown Length', null],
    ]);

    // Genre votes come from demo listeners (never the admin), fewer for each later genre.
    const votes = await t.db.select().from(releaseGenreVotes);
    expect(votes.every((v) => v.vote === 1 && v.userId !== adminId)).toBe(true);
    const scores = await t.db.select().from(releaseGenres);
    expect(scores).toHaveLength(7);
    for (const s of scores) {
      const mine = votes.filter((v) => v.releaseId === s.releaseId && v.genreId === s.genreId);
      expect([s.score, s.upvotes, s.downvotes]).toEqual([mine.length, mine.length, 0]);
    }
    // The first listed genre of each release gets three votes, the second two.
    expect(new Set(scores.map((s) => s.score))).toEqual(new Set([3, 2]));
    expect((await t.db.select().from(genres)).length).toBe(genreList.length);
    expect((await t.db.select().from(languages)).length).toBe(languageList.length);
  });

  it('stores every cover in four sizes and formats', async () => {
    const rows = await t.db.select({ cover: releases.cover }).from(releases);
    const dir = mediaDir(t.config.dataDir, 'covers');
    const expected = {
      sm: [250, 'webp'],
      md: [500, 'webp'],
      lg: [1000, 'webp'],
      og: [1200, 'jpeg'],
    };
    for (const { cover } of rows) {
      expect(cover).not.toBeNull();
      for (const [size, [px, format]] of Object.entries(expected)) {
        const file = cover![size as keyof typeof expected];
        expect(file).toMatch(new RegExp(`^[0-9a-f]{16}-${size}\\.(webp|jpg)$`));
        const meta = await sharp(path.join(dir, file)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, px, px]);
      }
    }
    // Five releases, five different pictures.
    expect(new Set(rows.map((r) => r.cover!.lg)).size).toBe(5);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('rates only released releases, within the window, and keeps the counters right', async () => {
    const rated = await t.db
      .select({ date: releases.date, at: entries.createdAt, rating: entries.rating })
      .from(entries)
      .innerJoin(releases, eq(releases.id, entries.releaseId));
    expect(rated.length).toBeGreaterThan(40);
    const today = NOW.toISOString().slice(0, 10);
    for (const r of rated) {
      expect(r.date! <= today).toBe(true);
      expect(r.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 60 * 86_400_000);
      expect(r.at.toISOString().slice(0, 10) >= r.date!).toBe(true);
      expect(r.rating).toBeGreaterThanOrEqual(0);
      expect(r.rating).toBeLessThanOrEqual(100);
    }
    await expectConsistentStats(t.db);
    const demo = await t.db
      .select()
      .from(users)
      .where(sql`${users.email} like '%.invalid'`);
    expect(demo).toHaveLength(DEMO_PEOPLE.length);
    expect(demo.filter((u) => u.supporter > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('does nothing on a second run', async () => {
    const before = await countTables(t.db);
    expect(await seedDemo(t.db, t.config.dataDir, quiet, { now: NOW, catalogue })).toBeNull();
    expect(await countTables(t.db)).toEqual(before);
  });
});
