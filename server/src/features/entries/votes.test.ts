import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, PagedEntries, ReviewVoteReply, TrackVoteReply } from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, expectCountersConsistent, members, ok, type Member } from './test-support';

describe('entries: track and review votes', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    [alice, bob, carol] = (await members(t, 3)) as [Member, Member, Member];
  });
  afterAll(async () => t?.close());

  async function releaseWithTracks(): Promise<{ release: ReleaseRow; trackIds: string[] }> {
    const release = await createRelease(t.db, { tracks: 3 });
    const rows = await t.db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, release.id))
      .orderBy(asc(tracks.order));
    return { release, trackIds: rows.map((r) => r.id) };
  }
  const voteTrack = (who: Member, r: ReleaseRow, trackId: string, vote: number) =>
    ok<TrackVoteReply>(call(t, who, 'POST', `/entries/track/${r.id}/${trackId}`, { vote }));
  const unvoteTrack = (who: Member, r: ReleaseRow, trackId: string) =>
    call(t, who, 'DELETE', `/entries/track/${r.id}/${trackId}`);

  describe('track votes', () => {
    it('the same vote again removes it, the other vote replaces it, counters move by one', async () => {
      const {
        release: r,
        trackIds: [a, b],
      } = await releaseWithTracks();
      let reply = await voteTrack(alice, r, a!, 1);
      expect(reply.track).toEqual({ id: a, upvotes: 1, downvotes: 0 });
      reply = await voteTrack(bob, r, a!, 1);
      expect(reply.track).toEqual({ id: a, upvotes: 2, downvotes: 0 });

      // Replace: up → down moves one vote from one side to the other.
      reply = await voteTrack(alice, r, a!, -1);
      expect(reply.track).toEqual({ id: a, upvotes: 1, downvotes: 1 });
      expect(reply.entry.trackVotes).toEqual([{ trackId: a, vote: -1 }]);

      // Repeat: the same vote removes it.
      reply = await voteTrack(alice, r, a!, -1);
      expect(reply.track).toEqual({ id: a, upvotes: 1, downvotes: 0 });
      expect(reply.entry).toMatchObject({ trackVotes: [], hasTrackVotes: false });

      // Several tracks, listed in track order.
      await voteTrack(alice, r, b!, -1);
      reply = await voteTrack(alice, r, a!, 1);
      expect(reply.entry.trackVotes).toEqual([
        { trackId: a, vote: 1 },
        { trackId: b, vote: -1 },
      ]);
      expect(reply.entry.release.viewerEntry).toMatchObject({ hasTrackVotes: true });
      await expectCountersConsistent(t);
    });

    it('DELETE removes the vote, and does nothing more when there is none', async () => {
      const {
        release: r,
        trackIds: [a, b],
      } = await releaseWithTracks();
      await voteTrack(alice, r, a!, 1);
      let res = await ok<TrackVoteReply>(unvoteTrack(alice, r, a!));
      expect(res.track).toEqual({ id: a, upvotes: 0, downvotes: 0 });
      res = await ok<TrackVoteReply>(unvoteTrack(alice, r, a!));
      expect(res.track).toEqual({ id: a, upvotes: 0, downvotes: 0 });
      // The entry the first vote made stays (with nothing in it) until deleted.
      expect(res.entry).toMatchObject({ trackVotes: [], rating: null });
      // No entry at all: nothing to remove from.
      expect((await unvoteTrack(bob, r, b!)).statusCode).toBe(404);
      await expectCountersConsistent(t);
    });

    it('refuses a track of another release, an unknown track and a bad vote', async () => {
      const one = await releaseWithTracks();
      const two = await releaseWithTracks();
      const res = await call(
        t,
        alice,
        'POST',
        `/entries/track/${one.release.id}/${two.trackIds[0]}`,
        {
          vote: 1,
        },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Track not found');
      const unknown = await call(t, alice, 'POST', `/entries/track/${one.release.id}/nope`, {
        vote: 1,
      });
      expect(unknown.statusCode).toBe(404);
      for (const vote of [0, 2, 'up', null]) {
        const bad = await call(
          t,
          alice,
          'POST',
          `/entries/track/${one.release.id}/${one.trackIds[0]}`,
          {
            vote,
          },
        );
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toEqual(['vote must be one of the following values: 1, -1']);
      }
    });
  });

  describe('review votes', () => {
    async function review(who: Member): Promise<Entry> {
      const r = await createRelease(t.db);
      return ok<Entry>(call(t, who, 'POST', '/entries', { releaseId: r.id, review: 'Notes' }), 201);
    }
    const voteReview = (who: Member, id: string, vote: number) =>
      call(t, who, 'POST', `/entries/review/${id}/votes`, { vote });

    it('one vote per user: the same vote again removes it, another replaces it', async () => {
      const e = await review(alice);
      let r = await ok<ReviewVoteReply>(voteReview(bob, e.id, 1));
      expect(r).toEqual({ upvotes: 1, downvotes: 0, myVote: 1 });
      r = await ok<ReviewVoteReply>(voteReview(carol, e.id, 1));
      expect(r).toEqual({ upvotes: 2, downvotes: 0, myVote: 1 });
      r = await ok<ReviewVoteReply>(voteReview(bob, e.id, -1));
      expect(r).toEqual({ upvotes: 1, downvotes: 1, myVote: -1 });
      r = await ok<ReviewVoteReply>(voteReview(bob, e.id, -1));
      expect(r).toEqual({ upvotes: 1, downvotes: 0, myVote: null });

      // The viewer's vote shows on the entry.
      const seen = await ok<Entry>(call(t, carol, 'GET', `/entries/${e.id}`));
      expect(seen.review).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 1 });
      const signedOut = await ok<Entry>(call(t, null, 'GET', `/entries/${e.id}`));
      expect(signedOut.review?.myVote).toBeNull();

      r = await ok<ReviewVoteReply>(call(t, carol, 'DELETE', `/entries/review/${e.id}/votes`));
      expect(r).toEqual({ upvotes: 0, downvotes: 0, myVote: null });
      r = await ok<ReviewVoteReply>(call(t, carol, 'DELETE', `/entries/review/${e.id}/votes`));
      expect(r).toEqual({ upvotes: 0, downvotes: 0, myVote: null });
      await expectCountersConsistent(t);
    });

    it('a voter’s vote is kept for them, follows their votes and goes with a removed review', async () => {
      const e = await review(alice);
      const list = `/entries?releaseId=${e.releaseId}&withReview=true&sortBy=ReviewDate`;
      /** The review as `who` sees it on the release's (cached) reviews, and the votes read for it. */
      const seen = async (who: Member) => {
        let page: PagedEntries | undefined;
        const statements = await capturingStatements(t, async () => {
          page = await ok<PagedEntries>(call(t, who, 'GET', list));
        });
        const reads = statements.filter((s) => s.query.includes('"review_votes"')).length;
        return { review: page!.entries.find((x) => x.id === e.id)?.review ?? null, reads };
      };
      expect((await seen(bob)).review?.myVote).toBeNull();
      expect((await seen(bob)).reads).toBe(0);
      await ok(voteReview(bob, e.id, 1));
      expect((await seen(bob)).review).toMatchObject({ upvotes: 1, myVote: 1 });
      expect((await seen(bob)).reads).toBe(0);
      expect((await seen(carol)).review?.myVote).toBeNull();
      // The author removes the review, and its votes with it, then writes another.
      await ok(call(t, alice, 'PATCH', `/entries/${e.id}`, { review: null }));
      await ok(call(t, alice, 'PATCH', `/entries/${e.id}`, { review: 'Second thoughts' }));
      expect((await seen(bob)).review).toMatchObject({ upvotes: 0, myVote: null });
    });

    it('not on one’s own review, not on an entry without a review', async () => {
      const e = await review(alice);
      const own = await voteReview(alice, e.id, 1);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('You cannot vote on your own review');

      const r = await createRelease(t.db);
      const bare = await ok<Entry>(
        call(t, alice, 'POST', '/entries', { releaseId: r.id, rating: 50 }),
        201,
      );
      const none = await voteReview(bob, bare.id, 1);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('Review not found');
      expect((await voteReview(bob, 'unknown', 1)).statusCode).toBe(404);
    });
  });
});
