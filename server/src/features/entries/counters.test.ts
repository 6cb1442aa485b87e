import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, TrackVoteReply } from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease, dayFromToday } from '../../../test/catalogue-factories';
import { rowsOf } from '../../db/rows';
import { call, counterMismatches, members, type Member } from './test-support';

/** A small seeded generator (mulberry32) so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

interface World {
  people: Member[];
  releases: { id: string; trackIds: string[] }[];
  /** Entry ids by `${userId}:${releaseId}`, as the replies told. */
  entryIds: Map<string, string>;
  /** Entries known to have a review, with their owner. */
  reviews: Map<string, string>;
  /** Each user's own tags, by user id. */
  tags: Map<string, string[]>;
}

const EXPECTED_STATUSES = new Set([200, 201, 204, 400, 403, 404]);

/**
 * A tag operation of a user: make a tag, set some of theirs on an entry
 * (making it when none), or delete one (taking it off their entries).
 */
async function tagOperation(
  t: TestApp,
  w: World,
  rnd: ReturnType<typeof prng>,
  who: Member,
  releaseId: string,
  remember: (e: Entry) => void,
) {
  const own = w.tags.get(who.user.id) ?? [];
  const roll = rnd.next();
  if (own.length < 3 || roll < 0.15) {
    const res = await call(t, who, 'POST', '/entries/user/tags', { name: `t${rnd.int(1e6)}` });
    if (res.statusCode === 201) w.tags.set(who.user.id, [...own, res.json<{ id: string }>().id]);
    return res.statusCode;
  }
  if (roll < 0.25) {
    const gone = rnd.pick(own);
    const res = await call(t, who, 'DELETE', `/entries/user/tags/${gone}`);
    if (res.statusCode === 204)
      w.tags.set(
        who.user.id,
        own.filter((id) => id !== gone),
      );
    return res.statusCode;
  }
  const chosen = own.filter(() => rnd.next() < 0.5);
  const res = await call(t, who, 'POST', '/entries', { releaseId, tags: chosen });
  if (res.statusCode < 300) remember(res.json<Entry>());
  return res.statusCode;
}

/** One random operation of a user; returns the reply status. */
async function randomOperation(t: TestApp, w: World, rnd: ReturnType<typeof prng>) {
  const who = rnd.pick(w.people);
  const release = rnd.pick(w.releases);
  const key = `${who.user.id}:${release.id}`;
  const known = w.entryIds.get(key);
  const roll = rnd.next();
  const remember = (e: Entry) => {
    w.entryIds.set(key, e.id);
    if (e.review) w.reviews.set(e.id, who.user.id);
    else w.reviews.delete(e.id);
  };

  if (roll < 0.3) {
    // Rate (or clear the rating now and then).
    const clear = known && rnd.next() < 0.2;
    const res = clear
      ? await call(t, who, 'PATCH', `/entries/${known}`, { rating: null })
      : await call(t, who, 'POST', '/entries', { releaseId: release.id, rating: rnd.int(101) });
    if (res.statusCode < 300) remember(res.json<Entry>());
    return res.statusCode;
  }
  if (roll < 0.4) {
    // Write or clear a review, so review votes have something to land on.
    const clear = known && rnd.next() < 0.3;
    const res = clear
      ? await call(t, who, 'PATCH', `/entries/${known}`, { review: null })
      : await call(t, who, 'POST', '/entries', {
          releaseId: release.id,
          review: `r${rnd.int(1e6)}`,
        });
    if (res.statusCode < 300) remember(res.json<Entry>());
    return res.statusCode;
  }
  if (roll < 0.7) {
    const trackId = rnd.pick(release.trackIds);
    const url = `/entries/track/${release.id}/${trackId}`;
    const res =
      rnd.next() < 0.15
        ? await call(t, who, 'DELETE', url)
        : await call(t, who, 'POST', url, { vote: rnd.pick([1, -1]) });
    if (res.statusCode === 200) remember(res.json<TrackVoteReply>().entry);
    return res.statusCode;
  }
  if (roll < 0.8) return tagOperation(t, w, rnd, who, release.id, remember);
  if (roll < 0.95) {
    const reviewIds = [...w.reviews.keys()];
    if (reviewIds.length === 0) return 404;
    const url = `/entries/review/${rnd.pick(reviewIds)}/votes`;
    const res =
      rnd.next() < 0.15
        ? await call(t, who, 'DELETE', url)
        : await call(t, who, 'POST', url, { vote: rnd.pick([1, -1]) });
    return res.statusCode;
  }
  if (!known) return 404;
  const res = await call(t, who, 'DELETE', `/entries/${known}`);
  if (res.statusCode === 204) {
    w.entryIds.delete(key);
    w.reviews.delete(known);
  }
  return res.statusCode;
}

describe('entries: counters equal a full recount', () => {
  let t: TestApp;
  const world: World = {
    people: [],
    releases: [],
    entryIds: new Map(),
    reviews: new Map(),
    tags: new Map(),
  };
  beforeAll(async () => {
    t = await buildTestApp();
    world.people = await members(t, 20);
    for (let i = 0; i < 6; i++) {
      // One future release: its ratings and track votes are refused along the way.
      const r = await createRelease(t.db, {
        tracks: 4,
        ...(i === 5 ? { date: dayFromToday(3) } : {}),
      });
      const rows = await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.releaseId, r.id))
        .orderBy(asc(tracks.order));
      world.releases.push({ id: r.id, trackIds: rows.map((x) => x.id) });
    }
  });
  afterAll(async () => t?.close());

  it('after 500 random rating, review, track-vote, tag and review-vote operations by 20 users', async () => {
    const rnd = prng(20240601);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 500; i++) {
      const status = await randomOperation(t, world, rnd);
      expect(EXPECTED_STATUSES.has(status), `operation ${i} answered ${status}`).toBe(true);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // The sequence really exercised the paths (not 500 refusals).
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(300);
    expect(await counterMismatches(t)).toEqual([]);

    // The recount does notice a counter that drifted.
    const trackId = world.releases[0]!.trackIds[0]!;
    await t.db.execute(sql`update tracks set upvotes = upvotes + 1 where id = ${trackId}`);
    expect(await counterMismatches(t)).toEqual([{ counter: 'track votes', ids: [trackId] }]);
    await t.db.execute(sql`update tracks set upvotes = upvotes - 1 where id = ${trackId}`);

    // Entries carry tags, counted on each (kept by the triggers on entry_tags).
    const tagged = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int n from entries where tags_count > 0`,
    );
    expect(tagged[0]!.n).toBeGreaterThan(5);
  }, 240_000);

  it('after operations running at the same time', async () => {
    const rnd = prng(7);
    for (let batch = 0; batch < 25; batch++) {
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () => randomOperation(t, world, rnd)),
      );
      for (const s of statuses) expect(EXPECTED_STATUSES.has(s), `answered ${s}`).toBe(true);
    }
    expect(await counterMismatches(t)).toEqual([]);
  }, 240_000);
});
