import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, Release, Tag } from '@earmark/common';
import { releases, tracks } from '../../db/schema/catalogue';
import { entries, entryTags, reviewVotes, trackVotes } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease, dayFromToday, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, expectCountersConsistent, member, ok, type Member } from './test-support';

describe('entries: changes, future releases and deletion', () => {
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

  describe('PATCH', () => {
    it('changes only the fields given and clears those sent as null', async () => {
      const r = await release();
      const [a, b] = [await tag(me, 'patch-a'), await tag(me, 'patch-b')];
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', {
          releaseId: r.id,
          rating: 70,
          review: 'First',
          tags: [a.id],
        }),
        201,
      );

      const rated = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, { rating: 90 }));
      expect(rated).toMatchObject({ rating: { rating: 90 }, review: { body: 'First' }, tags: [a] });
      expect(await stats(r)).toMatchObject({ ratingsCount: 1, ratingsSum: 90, ratingsAvg: 90 });

      const retagged = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, { tags: [b.id] }));
      expect(retagged).toMatchObject({ rating: { rating: 90 }, tags: [b] });

      const unrated = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, { rating: null }));
      expect(unrated).toMatchObject({ rating: null, review: { body: 'First' }, tags: [b] });
      expect(await stats(r)).toMatchObject({ ratingsCount: 0, ratingsSum: 0, ratingsAvg: null });

      const bare = await ok<Entry>(
        call(t, me, 'PATCH', `/entries/${e.id}`, { review: null, tags: null }),
      );
      expect(bare).toMatchObject({ rating: null, review: null, reviewId: null, tags: [] });
      // An entry left with nothing stays until it is deleted.
      expect(await stats(r)).toMatchObject({ entriesCount: 1, reviewsCount: 0 });
      const unchanged = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, {}));
      expect(unchanged.updatedAt).toBe(bare.updatedAt);
      await expectCountersConsistent(t);
    });

    it('keeps the review date and votes when the text changes, resets them when cleared', async () => {
      const r = await release();
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, review: 'v1' }),
        201,
      );
      await ok(call(t, other, 'POST', `/entries/review/${e.id}/votes`, { vote: 1 }));
      const edited = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, { review: 'v2' }));
      expect(edited.review).toMatchObject({
        body: 'v2',
        createdAt: e.review!.createdAt,
        upvotes: 1,
      });
      await ok(call(t, me, 'PATCH', `/entries/${e.id}`, { review: null }));
      expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.entryId, e.id))).toEqual(
        [],
      );
      const again = await ok<Entry>(call(t, me, 'PATCH', `/entries/${e.id}`, { review: 'v3' }));
      expect(again.review).toMatchObject({ body: 'v3', upvotes: 0, downvotes: 0 });
      await expectCountersConsistent(t);
    });

    it('404 for an unknown entry', async () => {
      const res = await call(t, me, 'PATCH', '/entries/unknown', { rating: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Entry not found');
    });
  });

  describe('future releases', () => {
    it('refuses ratings and track votes, allows reviews and tags', async () => {
      const r = await release({ date: dayFromToday(1) });
      const [first] = await trackIds(r);
      const rate = await call(t, me, 'POST', '/entries', { releaseId: r.id, rating: 80 });
      expect(rate.statusCode).toBe(400);
      expect(rate.json().message).toBe('You cannot rate a release before its release date');
      const vote = await call(t, me, 'POST', `/entries/track/${r.id}/${first}`, { vote: 1 });
      expect(vote.statusCode).toBe(400);
      expect(vote.json().message).toBe('You cannot vote on tracks before the release date');
      expect(await stats(r)).toMatchObject({ entriesCount: 0, ratingsCount: 0 });

      const t1 = await tag(me, 'anticipated');
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', { releaseId: r.id, review: 'Cannot wait', tags: [t1.id] }),
        201,
      );
      const patch = await call(t, me, 'PATCH', `/entries/${e.id}`, { rating: 10 });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().message).toBe('You cannot rate a release before its release date');
      await ok(call(t, me, 'PATCH', `/entries/${e.id}`, { rating: null }));
    });

    it('counts a release dated today, and a year-precision release of this year, as out', async () => {
      const today = await release({ date: dayFromToday(0) });
      await ok(call(t, me, 'POST', '/entries', { releaseId: today.id, rating: 60 }), 201);
      const thisYear = await release({
        date: `${new Date().getUTCFullYear()}-01-01`,
        precision: 'year',
      });
      await ok(call(t, me, 'POST', '/entries', { releaseId: thisYear.id, rating: 60 }), 201);
    });
  });

  describe('DELETE', () => {
    it('removes the entry, its tag links, track votes and review votes, and moves every counter', async () => {
      const r = await release();
      const [first, second] = await trackIds(r);
      const t1 = await tag(me, 'to-delete');
      const e = await ok<Entry>(
        call(t, me, 'POST', '/entries', {
          releaseId: r.id,
          rating: 50,
          review: 'Bye',
          tags: [t1.id],
        }),
        201,
      );
      await ok(call(t, me, 'POST', `/entries/track/${r.id}/${first}`, { vote: 1 }));
      await ok(call(t, me, 'POST', `/entries/track/${r.id}/${second}`, { vote: -1 }));
      await ok(call(t, other, 'POST', `/entries/review/${e.id}/votes`, { vote: -1 }));
      const before = await userRow(me);

      await ok(call(t, me, 'DELETE', `/entries/${e.id}`), 204);

      expect(await t.db.select().from(entries).where(eq(entries.id, e.id))).toEqual([]);
      expect(await t.db.select().from(entryTags).where(eq(entryTags.entryId, e.id))).toEqual([]);
      expect(await t.db.select().from(trackVotes).where(eq(trackVotes.entryId, e.id))).toEqual([]);
      expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.entryId, e.id))).toEqual(
        [],
      );
      expect(await stats(r)).toMatchObject({
        ratingsCount: 0,
        ratingsSum: 0,
        ratingsAvg: null,
        entriesCount: 0,
        reviewsCount: 0,
      });
      const page = await ok<Release>(call(t, me, 'GET', `/releases/${r.id}`));
      expect(page.tracks.map((x) => [x.upvotes, x.downvotes])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
      expect(page.viewerEntry).toBeNull();
      expect(await userRow(me)).toMatchObject({
        entriesCount: before.entriesCount - 1,
        reviewsCount: before.reviewsCount - 1,
      });
      // The tag itself stays the user's.
      const reuse = await call(t, me, 'POST', '/entries', { releaseId: r.id, tags: [t1.id] });
      expect(reuse.statusCode).toBe(201);
      expect((await call(t, me, 'DELETE', `/entries/${e.id}`)).statusCode).toBe(404);
      await expectCountersConsistent(t);
    });
  });
});
