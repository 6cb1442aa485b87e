import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Entry, PagedEntries, PagedReleases, Release } from '@earmark/common';
import { releases } from '../db/schema/catalogue';
import { buildPeerApp, buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/helpers';
import { createRelease } from '../../test/catalogue-factories';
import { call, member, members, ok, type Member } from '../features/entries/test-support';

const TTL_MS = 30_000;

describe('read cache: public reads with fresh own parts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const getRelease = (who: Member | null, id: string) =>
    ok<Release>(call(t, who, 'GET', `/releases/${id}`));

  it('serves a release page from memory until a write through the API touches it', async () => {
    const release = await createRelease(t.db, { title: 'Cached', tracks: 2 });
    const [rater] = await members(t, 1);
    expect((await getRelease(null, release.id)).title).toBe('Cached');

    // A change made behind the API's back is not seen while the page is cached...
    await t.db.update(releases).set({ title: 'Renamed' }).where(eq(releases.id, release.id));
    expect((await getRelease(null, release.id)).title).toBe('Cached');

    // ...but a rating through the API drops the page at once.
    await ok(call(t, rater!, 'POST', '/entries', { releaseId: release.id, rating: 80 }), 201);
    const after = await getRelease(null, release.id);
    expect(after.title).toBe('Renamed');
    expect(after.stats.ratingsCount).toBe(1);
    expect(after.stats.ratingsAvg).toBe(80);
  });

  it('tells its counts only when READ_CACHE_STATS is set', async () => {
    const stats = () => t.app.inject({ method: 'GET', url: '/api/read-cache/stats' });
    expect((await stats()).statusCode).toBe(404);
    const counted = await buildPeerApp({ ...t, config: { ...t.config, readCacheStats: true } });
    try {
      const release = await createRelease(t.db);
      for (let i = 0; i < 2; i++) {
        await counted.inject({ method: 'GET', url: `/api/releases/${release.id}` });
      }
      const res = await counted.inject({ method: 'GET', url: '/api/read-cache/stats' });
      expect(res.json()).toMatchObject({ enabled: true, hits: 1, misses: 1 });
    } finally {
      await counted.close();
    }
  });

  it('keeps a page only once it is read a second time with READ_CACHE_KEEP_AFTER=2', async () => {
    const second = await buildPeerApp({ ...t, config: { ...t.config, readCacheKeepAfter: 2 } });
    try {
      const release = await createRelease(t.db, { title: 'First' });
      const title = async () =>
        (await second.inject({ method: 'GET', url: `/api/releases/${release.id}` })).json<Release>()
          .title;
      const rename = (to: string) =>
        t.db.update(releases).set({ title: to }).where(eq(releases.id, release.id));
      expect(await title()).toBe('First');
      // Read once: not kept, so a change behind the API's back is seen...
      await rename('Second');
      expect(await title()).toBe('Second');
      // ...and read twice: kept, so the next change is not (no write through the API dropped it).
      await rename('Third');
      expect(await title()).toBe('Second');
    } finally {
      await second.close();
    }
  });

  it('is read again once the TTL and its grace time have passed', async () => {
    const release = await createRelease(t.db, { title: 'Before' });
    await getRelease(null, release.id);
    await t.db.update(releases).set({ title: 'After' }).where(eq(releases.id, release.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * TTL_MS + 1000 });
    expect((await getRelease(null, release.id)).title).toBe('After');
  });

  it("gives each signed-in viewer their own entry over the shared page, and nobody else's", async () => {
    const release = await createRelease(t.db);
    const [alice, bob] = await members(t, 2);
    await ok(call(t, alice!, 'POST', '/entries', { releaseId: release.id, rating: 70 }), 201);

    const anonymous = await getRelease(null, release.id);
    expect(anonymous).not.toHaveProperty('viewerEntry');
    expect((await getRelease(alice!, release.id)).viewerEntry).toMatchObject({ rating: 70 });
    expect((await getRelease(bob!, release.id)).viewerEntry).toBeNull();
    // The shared payload was not changed by the viewers' copies.
    expect(await getRelease(null, release.id)).not.toHaveProperty('viewerEntry');
  });

  it('sends the stored bytes of a page whole, with their length, to every reader', async () => {
    const title = 'Ünïcödé «Sīgur» 東京 \u2028 😀';
    const release = await createRelease(t.db, { title });
    const readers = await members(t, 2);
    await ok(call(t, readers[0]!, 'POST', '/entries', { releaseId: release.id, rating: 55 }), 201);
    // Signed out, then signed in three times: the first read as a copy, later
    // ones joined into the page's pieces.
    for (const who of [null, null, readers[0]!, readers[1]!, readers[0]!, readers[1]!]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/releases/${release.id}`,
        headers: who ? { cookie: who.cookie } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const body = res.json<Release>();
      expect(body.title).toBe(title);
      if (who) expect(body.viewerEntry?.rating ?? null).toBe(who === readers[0] ? 55 : null);
    }
  });

  it('keeps list cards in step with the viewer, and the lists answer the same JSON', async () => {
    const release = await createRelease(t.db, { title: 'On a list' });
    const viewer = await member(t);
    const url = `/releases?type=recently-added`;
    const anonymousBody = (await call(t, null, 'GET', url)).body;
    expect((await call(t, null, 'GET', url)).body).toBe(anonymousBody);

    await ok(call(t, viewer, 'POST', '/entries', { releaseId: release.id, rating: 55 }), 201);
    const mine = await ok<PagedReleases>(call(t, viewer, 'GET', url));
    const card = mine.releases.find((r) => r.id === release.id);
    expect(card?.viewerEntry).toMatchObject({ rating: 55 });
    const theirs = await ok<PagedReleases>(call(t, null, 'GET', url));
    expect(theirs.releases.find((r) => r.id === release.id)).not.toHaveProperty('viewerEntry');
  });

  it("updates a release's reviews at once on a vote, with the voter's own vote", async () => {
    const release = await createRelease(t.db);
    const [author, voter] = await members(t, 2);
    const entry = await ok<Entry>(
      call(t, author!, 'POST', '/entries', { releaseId: release.id, review: 'Worth it' }),
      201,
    );
    const url = `/entries?releaseId=${release.id}&sortBy=ReviewTop`;
    const before = await ok<PagedEntries>(call(t, null, 'GET', url));
    expect(before.entries[0]!.review).toMatchObject({ upvotes: 0, myVote: null });

    await ok(call(t, voter!, 'POST', `/entries/review/${entry.id}/votes`, { vote: 1 }));
    const anonymous = await ok<PagedEntries>(call(t, null, 'GET', url));
    expect(anonymous.entries[0]!.review).toMatchObject({ upvotes: 1, myVote: null });
    const own = await ok<PagedEntries>(call(t, voter!, 'GET', url));
    expect(own.entries[0]!.review).toMatchObject({ upvotes: 1, myVote: 1 });
    expect(own.entries[0]!.release.viewerEntry).toBeNull();
    const authors = await ok<PagedEntries>(call(t, author!, 'GET', url));
    expect(authors.entries[0]!.release.viewerEntry).toMatchObject({ hasReview: true });
    // The readers' parts were laid over copies: the cached page is still nobody's.
    const again = await ok<PagedEntries>(call(t, null, 'GET', url));
    expect(again.entries[0]!.review).toMatchObject({ myVote: null });
    expect(again.entries[0]!.release).not.toHaveProperty('viewerEntry');
  });

  it("shows a user's changed name at once on their own entry lists", async () => {
    const release = await createRelease(t.db);
    const owner = await member(t);
    await ok(call(t, owner, 'POST', '/entries', { releaseId: release.id, rating: 40 }), 201);
    const url = `/entries?userId=${owner.user.id}&sortBy=EntryDate`;
    await ok<PagedEntries>(call(t, null, 'GET', url));
    await ok(
      call(t, owner, 'PATCH', `/users/${owner.user.id}/update-profile`, {
        username: owner.user.username,
        name: 'New Name',
      }),
    );
    const after = await ok<PagedEntries>(call(t, null, 'GET', url));
    expect(after.entries[0]!.user.name).toBe('New Name');
  });

  it('answers 404 for an unknown release every time, and caches nothing for it', async () => {
    const first = await call(t, null, 'GET', '/releases/nosuchrelease');
    expect(first.statusCode).toBe(404);
    const release = await createRelease(t.db);
    expect((await call(t, null, 'GET', `/releases/${release.id}`)).statusCode).toBe(200);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, release.id));
    // Hiding a release is a catalogue change; until then the page may be served for one TTL.
    t.app.readCache.clear();
    expect((await call(t, null, 'GET', `/releases/${release.id}`)).statusCode).toBe(404);
  });
});

describe.skipIf(!process.env.REDIS_URL)('read cache across instances through Redis', () => {
  let t: TestApp;
  let peer: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    t = await buildTestApp({ deps: { redis } });
    peer = await buildPeerApp(t, { redis });
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
    redis?.disconnect();
  });

  it('drops a page on every instance when one of them takes a write', async () => {
    const release = await createRelease(t.db);
    const rater = await member(t);
    const fromPeer = async () => {
      const res = await peer.inject({ method: 'GET', url: `/api/releases/${release.id}` });
      expect(res.statusCode).toBe(200);
      return res.json<Release>();
    };
    expect((await fromPeer()).stats.ratingsCount).toBe(0);

    await ok(call(t, rater, 'POST', '/entries', { releaseId: release.id, rating: 90 }), 201);
    await expect.poll(async () => (await fromPeer()).stats.ratingsCount, { timeout: 5000 }).toBe(1);
  });

  it('drops only the pages that a write on another instance touched', async () => {
    const release = await createRelease(t.db, { title: 'Kept' });
    const get = () => t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` });
    expect((await get()).json<Release>().title).toBe('Kept');
    await t.db.update(releases).set({ title: 'Changed' }).where(eq(releases.id, release.id));
    // The peer invalidates another release; this page stays cached on both.
    const other = await createRelease(t.db);
    const rater = await member(t);
    const res = await peer.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { origin: TEST_ORIGIN, cookie: rater.cookie },
      payload: { releaseId: other.id, rating: 10 },
    });
    expect(res.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get()).json<Release>().title).toBe('Kept');
  });
});
