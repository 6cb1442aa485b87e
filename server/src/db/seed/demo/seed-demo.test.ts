import fs from 'node:fs';
import path from 'node:path';
import { count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContributorStatus, ReleaseType, RESERVED_USERNAMES } from '@earmark/common';
import { buildTestApp, createUser, type TestApp } from '../../../../test/helpers';
import { genreParents, genres, releases, tracks } from '../../schema/catalogue';
import { entries } from '../../schema/entries';
import { mediaDir } from '../../../lib/media';
import { seedDemo, type SeedDemoSummary } from './index';
import { DEMO_PEOPLE } from './people';
import { countTables, expectConsistentStats } from './test-support';

const quiet = { info: () => undefined };
const DAY = 86_400_000;
const TOP_TYPES = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
];

describe('demo seed with the bundled catalogue', () => {
  let t: TestApp;
  let summary: SeedDemoSummary | null;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.db, { contributorStatus: ContributorStatus.ADMIN });
    // Covers for a few releases only: the fixture test checks every size of every cover.
    summary = await seedDemo(t.db, t.config.dataDir, quiet, { now, coverLimit: 4 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('fills the catalogue the issue asks for', async () => {
    expect(summary).not.toBeNull();
    expect(summary!.releases).toBeGreaterThanOrEqual(150);
    expect(summary!.artists).toBeGreaterThanOrEqual(60);
    expect(summary!.labels).toBeGreaterThanOrEqual(30);
    expect(summary!.languages).toBeGreaterThanOrEqual(180);
    const [genreCount] = await t.db.select({ n: count() }).from(genres);
    expect(genreCount!.n).toBeGreaterThanOrEqual(40);
    const postPunk = await t.db
      .select({ parent: sql<string>`p.name` })
      .from(genreParents)
      .innerJoin(genres, eq(genres.id, genreParents.genreId))
      .innerJoin(sql`${genres} p`, sql`p.id = ${genreParents.parentId}`)
      .where(eq(genres.name, 'Post-Punk'));
    expect(postPunk.map((p) => p.parent).sort()).toEqual(['Punk', 'Rock']);

    const rows = await t.db.select().from(releases);
    const years = rows
      .filter((r) => r.datePrecision === 'day')
      .map((r) => Number(r.date!.slice(0, 4)));
    expect(Math.min(...years)).toBeLessThan(1970);
    expect(Math.max(...years)).toBeGreaterThanOrEqual(2024);
    for (const script of [/[\u3040-\u30ff\u4e00-\u9fff]/, /[\uac00-\ud7af]/, /[\u0400-\u04ff]/]) {
      const titled = rows.filter((r) => script.test(r.title));
      expect(titled.length).toBeGreaterThanOrEqual(1);
      for (const r of titled) expect(r.titleLatin).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(rows.filter((r) => r.date! > today).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.datePrecision === 'year').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.datePrecision === 'month').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.explicitCoverArt.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('gives every release a numbered track list, nearly all with durations', async () => {
    const perRelease = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        numbered: sql<boolean>`bool_and(${tracks.track} = (${tracks.order} + 1)::text)`,
        timed: sql<number>`count(${tracks.durationMs})::int`,
      })
      .from(tracks)
      .groupBy(tracks.releaseId);
    expect(perRelease).toHaveLength(summary!.releases);
    expect(perRelease.every((r) => r.n > 0 && r.numbered)).toBe(true);
    const all = perRelease.reduce((s, r) => s + r.n, 0);
    const timed = perRelease.reduce((s, r) => s + r.timed, 0);
    expect(timed / all).toBeGreaterThan(0.95);
  });

  it('stores the covers it made and leaves the rest without one', async () => {
    const rows = await t.db.select({ cover: releases.cover }).from(releases);
    const withCover = rows.filter((r) => r.cover);
    expect(withCover).toHaveLength(4);
    for (const { cover } of withCover) {
      for (const file of Object.values(cover!)) {
        expect(fs.existsSync(path.join(mediaDir(t.config.dataDir, 'covers'), file))).toBe(true);
      }
    }
  });

  it('adds demo listeners whose ratings keep the top lists alive', async () => {
    expect(summary!.users).toBe(DEMO_PEOPLE.length);
    expect(DEMO_PEOPLE.length).toBeGreaterThanOrEqual(40);
    for (const p of DEMO_PEOPLE) {
      expect(p.username).toMatch(/^[A-Za-z0-9._-]{3,30}$/);
      expect(RESERVED_USERNAMES).not.toContain(p.username.toLowerCase());
    }
    await expectConsistentStats(t.db);
    const eligible = await t.db
      .select({ n: count() })
      .from(releases)
      .where(sql`${releases.ratingsCount} >= 15 and ${releases.type} in ${TOP_TYPES}`);
    expect(eligible[0]!.n).toBeGreaterThanOrEqual(48);

    const rated = await t.db
      .select({
        at: entries.createdAt,
        date: releases.date,
        rating: entries.rating,
        review: entries.review,
      })
      .from(entries)
      .innerJoin(releases, eq(releases.id, entries.releaseId));
    expect(rated.every((r) => r.date! <= today && r.at.getTime() <= now.getTime())).toBe(true);
    const recent = rated.filter((r) => r.at.getTime() > now.getTime() - 14 * DAY).length;
    expect(recent / rated.length).toBeGreaterThan(0.15);
    // Plain ratings fall in the last 60 days; reviews (seed-social.test.ts) reach back 90.
    const plain = rated.filter((r) => r.review === null);
    expect(plain.every((r) => r.at.getTime() >= now.getTime() - 60 * DAY)).toBe(true);
    const mean = rated.reduce((s, r) => s + r.rating!, 0) / rated.length;
    expect(mean).toBeGreaterThan(60);
    expect(mean).toBeLessThan(85);
    const [fresh] = await t.db
      .select({ n: count() })
      .from(releases)
      .where(gt(releases.createdAt, new Date(now.getTime() - 14 * DAY)));
    expect(fresh!.n).toBeGreaterThan(0);
  });

  it('gives the year top list releases to show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/releases?type=top-oty' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { totalItems: number; releases: { date: string }[] };
    expect(page.totalItems).toBeGreaterThanOrEqual(4);
    const year = String(now.getUTCFullYear());
    expect(page.releases.every((r) => r.date.startsWith(year))).toBe(true);
  });

  it('is a no-op the second time', async () => {
    const before = await countTables(t.db);
    expect(await seedDemo(t.db, t.config.dataDir, quiet)).toBeNull();
    expect(await countTables(t.db)).toEqual(before);
  });
});
