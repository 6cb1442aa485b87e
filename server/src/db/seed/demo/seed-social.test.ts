import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContributorStatus } from '@earmark/common';
import { buildTestApp, createUser, type TestApp } from '../../../../test/helpers';
import { releases, tracks } from '../../schema/catalogue';
import { entries, entryTags, reviewVotes, trackVotes, userTags } from '../../schema/entries';
import { follows } from '../../schema/follows';
import { users } from '../../schema/users';
import { seedDemo, type SeedDemoSummary } from './index';
import { DEMO_EMAIL_DOMAIN } from './people';
import {
  countForbiddenRows,
  countSocialTables,
  expectCountersMatchRecount,
} from './social-test-support';

const quiet = { info: () => undefined };
const DAY = 86_400_000;

function perKey<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
  return out;
}

describe('demo seed: reviews, tags, votes and follows', () => {
  let t: TestApp;
  let summary: SeedDemoSummary | null;
  const now = new Date();

  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.db, { contributorStatus: ContributorStatus.ADMIN });
    summary = await seedDemo(t.db, t.config.dataDir, quiet, { now, coverLimit: 2 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('writes 200+ markdown reviews over 120+ releases, dated like real ones', async () => {
    const rows = await t.db
      .select({
        body: entries.review,
        rating: entries.rating,
        at: entries.reviewCreatedAt,
        createdAt: entries.createdAt,
        releaseId: entries.releaseId,
        date: releases.date,
      })
      .from(entries)
      .innerJoin(releases, eq(releases.id, entries.releaseId))
      .where(sql`${entries.review} is not null`);
    expect(summary!.reviews).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.releaseId)).size).toBeGreaterThanOrEqual(120);
    for (const r of rows) {
      const words = r.body!.trim().split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(60);
      expect(words).toBeLessThanOrEqual(250);
      expect(r.body).not.toContain('{{');
      expect(r.rating).not.toBeNull();
      const at = r.at!.getTime();
      expect(at).toBeLessThanOrEqual(now.getTime());
      expect(at).toBeGreaterThanOrEqual(now.getTime() - 90 * DAY);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(at);
      expect(r.at!.toISOString().slice(0, 10) >= r.date!).toBe(true);
    }
    const has = (re: RegExp) => rows.filter((r) => re.test(r.body!)).length;
    expect(has(/\*\*[^*]+\*\*/)).toBeGreaterThan(100);
    expect(has(/(^|\W)_[^_\n]+_(\W|$)/)).toBeGreaterThan(100);
    expect(has(/^- /m)).toBeGreaterThanOrEqual(3);
    expect(has(/\n\n/)).toBeGreaterThan(150);
    const recent = rows.filter((r) => r.at!.getTime() > now.getTime() - 30 * DAY).length;
    expect(recent / rows.length).toBeGreaterThan(0.3);

    // Links to other releases point at real release pages.
    const ids = new Set((await t.db.select({ id: releases.id }).from(releases)).map((r) => r.id));
    const links = rows.flatMap((r) => [...r.body!.matchAll(/\]\(\/release\/([^)]+)\)/g)]);
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) expect(ids.has(link[1]!)).toBe(true);
  });

  it('keeps every counter equal to a recount', async () => {
    await expectCountersMatchRecount(t.db);
    const [reviewed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(releases)
      .where(sql`${releases.reviewsCount} > 0`);
    expect(reviewed!.n).toBeGreaterThanOrEqual(120);
  });

  it('never votes on its own review, follows itself, or borrows a tag or track', async () => {
    expect(await countForbiddenRows(t.db)).toEqual({
      selfVotes: 0,
      votesWithoutReview: 0,
      selfFollows: 0,
      foreignTags: 0,
      foreignTracks: 0,
    });
    const votes = await t.db.select({ vote: reviewVotes.vote }).from(reviewVotes);
    const ups = votes.filter((v) => v.vote === 1).length;
    expect(votes.length).toBeGreaterThan(200);
    expect(ups / votes.length).toBeGreaterThan(0.7);
    expect(ups).toBeLessThan(votes.length);
  });

  it('gives each listener 3-8 tags, used on some of their entries', async () => {
    const demo = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} like ${'%@' + DEMO_EMAIL_DOMAIN}`);
    const tags = perKey(await t.db.select().from(userTags), (r) => r.userId);
    for (const { id } of demo) {
      expect(tags.get(id)).toBeGreaterThanOrEqual(3);
      expect(tags.get(id)).toBeLessThanOrEqual(8);
    }
    const [tagged] = await t.db
      .select({ n: sql<number>`count(distinct ${entryTags.entryId})::int` })
      .from(entryTags);
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(entries);
    expect(tagged!.n / all!.n).toBeGreaterThan(0.1);
    expect(tagged!.n / all!.n).toBeLessThan(0.6);
  });

  it('votes on tracks for about 30 % of entries: 1-2 favourites, at most one least', async () => {
    const votes = await t.db
      .select({ entryId: trackVotes.entryId, vote: trackVotes.vote, at: trackVotes.createdAt })
      .from(trackVotes);
    const up = perKey(
      votes.filter((v) => v.vote === 1),
      (v) => v.entryId,
    );
    const down = perKey(
      votes.filter((v) => v.vote === -1),
      (v) => v.entryId,
    );
    for (const n of up.values()) expect(n === 1 || n === 2).toBe(true);
    for (const n of down.values()) expect(n).toBe(1);
    for (const id of down.keys()) expect(up.has(id)).toBe(true);
    expect(votes.every((v) => v.at.getTime() <= now.getTime())).toBe(true);
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(entries);
    expect(up.size / all!.n).toBeGreaterThan(0.22);
    expect(up.size / all!.n).toBeLessThan(0.38);
    const [loved] = await t.db.select({ n: sql<number>`max(${tracks.upvotes})::int` }).from(tracks);
    expect(loved!.n).toBeGreaterThan(3);
  });

  it('has each listener follow 3-12 others', async () => {
    const rows = await t.db.select().from(follows);
    const following = perKey(rows, (r) => r.followerId);
    expect(following.size).toBe(summary!.users);
    for (const n of following.values()) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(12);
    }
    const followers = [...perKey(rows, (r) => r.followingId).values()];
    expect(Math.max(...followers)).toBeGreaterThan(Math.min(...followers) + 4);
  });

  it('adds nothing the second time', async () => {
    const before = await countSocialTables(t.db);
    expect(await seedDemo(t.db, t.config.dataDir, quiet, { now, coverLimit: 2 })).toBeNull();
    expect(await countSocialTables(t.db)).toEqual(before);
  });
});
