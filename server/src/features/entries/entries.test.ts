import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, Tag, TrackVoteReply } from '@earmark/common';
import { releases, tracks } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, member, ok, type Member } from './test-support';

describe('entries: lifecycle', () => {
  let t: TestApp;
  let me: Member;
  let other: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await member(t);
    other = await member(t);
  });
  afterAll(async () => t?.close());

  const release = (opts: Parameters<typeof createRelease>[1] = {}) =>
    createRelease(t.db, { tracks: 3, ...opts });
  const stats = async (r: ReleaseRow) =>
    (await t.db.select().from(releases).where(eq(releases.id, r.id)))[0]!;
  const userRow = async (m: Member) =>
    (await t.db.select().from(users).where(eq(users.id, m.user.id)))[0]!;
  const tag = (who: Member, name: string) =>
    ok<Tag>(call(t, who, 'POST', '/entries/user/tags', { name }), 201);
  const trackIds = async (r: ReleaseRow) =>
    (await t.db.select().from(tracks).where(eq(tracks.releaseId, r.id))).map((x) => x.id);

  describe('lazy creation', () => {
    it('a rating alone creates the entry with only the rating', async () => {
      const r = await release();
      const before = await userRow(me);
      const entry = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, rating: 85 }),
        201,
      );
      expect(entry).toMatchObject({
        releaseId: r.id,
        user: { id: me.user.id, username: me.user.username },
        rating: { rating: 85 },
        review: null,
        reviewId: null,
        tags: [],
        trackVotes: [],
        hasTrackVotes: false,
      });
      expect(entry.release.stats).toEqual({ ratingsCount: 1, ratingsAvg: 85 });
      expect(entry.release.viewerEntry).toEqual({
        id: entry.id,
        rating: 85,
        hasReview: false,
        hasTrackVotes: false,
      });
      expect(await stats(r)).toMatchObject({
        ratingsCount: 1,
        ratingsSum: 85,
        ratingsAvg: 85,
        entriesCount: 1,
        reviewsCount: 0,
      });
      expect((await userRow(me)).entriesCount).toBe(before.entriesCount + 1);
    });

    it('a review alone creates the entry with only the review', async () => {
      const r = await release();
      const entry = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, review: '**Great** record' }),
        201,
      );
      expect(entry.rating).toBeNull();
      expect(entry.review).toMatchObject({
        body: '**Great** record',
        upvotes: 0,
        downvotes: 0,
        myVote: null,
      });
      expect(entry.reviewId).toBe(entry.id);
      expect(entry.tags).toEqual([]);
      expect(await stats(r)).toMatchObject({
        ratingsCount: 0,
        ratingsAvg: null,
        entriesCount: 1,
        reviewsCount: 1,
      });
    });

    it('a tag set alone creates the entry with only the tags', async () => {
      const r = await release();
      const [a, b] = [await tag(me, 'Night drive'), await tag(me, 'autumn')];
      const entry = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, tags: [a.id, b.id, a.id] }),
        201,
      );
      expect(entry.rating).toBeNull();
      expect(entry.review).toBeNull();
      // Ordered by name, case-insensitively; duplicates collapse.
      expect(entry.tags).toEqual([b, a]);
      expect(await stats(r)).toMatchObject({ ratingsCount: 0, entriesCount: 1, reviewsCount: 0 });
    });

    it('a track vote alone creates the entry with only that vote', async () => {
      const r = await release();
      const [first] = await trackIds(r);
      const reply = await ok<TrackVoteReply>(
        call(t, me, 'POST', `/entries/track/${r.id}/${first}`, { vote: 1 }),
      );
      expect(reply.track).toEqual({ id: first, upvotes: 1, downvotes: 0 });
      expect(reply.entry).toMatchObject({
        rating: null,
        review: null,
        tags: [],
        trackVotes: [{ trackId: first, vote: 1 }],
        hasTrackVotes: true,
      });
      expect(await stats(r)).toMatchObject({ ratingsCount: 0, entriesCount: 1 });
    });

    it('POST on an existing entry changes it (200) and keeps the other fields', async () => {
      const r = await release();
      const created = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, rating: 40 }),
        201,
      );
      const again = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, review: 'Grows on you' }),
        200,
      );
      expect(again.id).toBe(created.id);
      expect(again.rating?.rating).toBe(40);
      expect(again.review?.body).toBe('Grows on you');
      expect(await stats(r)).toMatchObject({ ratingsCount: 1, entriesCount: 1, reviewsCount: 1 });
    });

    it('POST with nothing to save is refused', async () => {
      const r = await release();
      const res = await call(t, me, 'POST', '/entries', { releaseId: r.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Give a rating, a review or tags');
    });

    it('an unknown or hidden release is a 404', async () => {
      const hidden = await release({ pendingDeletion: true });
      for (const releaseId of ['nope', hidden.id]) {
        const res = await call(t, me, 'POST', '/entries', { releaseId, rating: 50 });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Release not found');
      }
    });
  });

  describe('rating validation', () => {
    it.each([
      [101, 'rating must not be greater than 100'],
      [-1, 'rating must not be less than 0'],
      [5.5, 'rating must be an integer number'],
    ])('rating %s → 400 "%s"', async (rating, message) => {
      const r = await release();
      for (const res of [
        await call(t, me, 'POST', '/entries', { releaseId: r.id, rating }),
        await call(t, me, 'PATCH', '/entries/whatever', { rating }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'Bad Request', message: [message] });
      }
      expect(await stats(r)).toMatchObject({ entriesCount: 0 });
    });

    it('accepts the bounds 0 and 100', async () => {
      for (const rating of [0, 100]) {
        const r = await release();
        const e = await ok<Entry>(
          call(t, me, 'POST', '/entries', { releaseId: r.id, rating }),
          201,
        );
        expect(e.rating?.rating).toBe(rating);
      }
    });
  });

  describe('reading', () => {
    it('GET entries/{id} and entries/release/{id}/me', async () => {
      const r = await release();
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, rating: 77 }),
        201,
      );
      const seen = await ok<Entry>(call(t, null, 'GET', `/entries/${e.id}`));
      expect(seen).toMatchObject({ id: e.id, rating: { rating: 77 } });
      expect(seen.release).not.toHaveProperty('viewerEntry');
      expect(await ok<Entry>(call(t, me, 'GET', `/entries/release/${r.id}/me`))).toMatchObject({
        id: e.id,
      });
      expect(await ok(call(t, other, 'GET', `/entries/release/${r.id}/me`))).toBeNull();
      expect((await call(t, null, 'GET', `/entries/release/${r.id}/me`)).statusCode).toBe(401);
      expect((await call(t, me, 'GET', '/entries/release/nope/me')).statusCode).toBe(404);
      expect((await call(t, null, 'GET', '/entries/nope')).statusCode).toBe(404);
    });

    it("reads the reader's own entry on a release in one statement, their parts on it", async () => {
      const r = await release();
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, rating: 64, review: 'Slow burner.' }),
        201,
      );
      const read = async (who: Member, releaseId: string) => {
        let res!: Awaited<ReturnType<typeof call>>;
        const statements = await capturingStatements(t, async () => {
          res = await call(t, who, 'GET', `/entries/release/${releaseId}/me`);
        });
        const reads = statements.filter((s) => !s.query.includes('"sessions"')).length;
        return { status: res.statusCode, body: res.json() as unknown, reads };
      };
      const mine = await read(me, r.id);
      expect(mine).toMatchObject({ status: 200, reads: 1 });
      expect(mine.body).toMatchObject({
        id: e.id,
        rating: { rating: 64 },
        review: { body: 'Slow burner.', myVote: null },
        release: {
          id: r.id,
          viewerEntry: { id: e.id, rating: 64, hasReview: true, hasTrackVotes: false },
        },
      });
      // None there: the release is looked up to tell an empty answer from a 404.
      expect(await read(other, r.id)).toEqual({ status: 200, body: null, reads: 2 });
      await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, r.id));
      for (const who of [me, other]) expect((await read(who, r.id)).status).toBe(404);
    });
  });
});
