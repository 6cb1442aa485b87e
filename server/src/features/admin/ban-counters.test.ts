import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, CommentTargetKind, ContributorStatus, type Release } from '@earmark/common';
import { releaseGenres, tracks } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { lists } from '../../db/schema/lists';
import { submissions } from '../../db/schema/submissions';
import { users } from '../../db/schema/users';
import { call, counterMismatches, members, ok, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createGenre, createRelease } from '../../../test/catalogue-factories';

/** What others see counted of the rows the banned account touches. */
interface Counted {
  average: number | null;
  ratings: number;
  reviewUpvotes: number;
  trackUpvotes: number;
  genreScore: number | null;
  listLikes: number;
  listComments: number;
  followers: number;
  following: number;
  submissionUpvotes: number;
}

describe('counters and averages follow bans, unbans and deletions', () => {
  let t: TestApp;
  let admin: Member;
  let villain: Member;
  let a: Member;
  let b: Member;
  let releaseId: string;
  let trackId: string;
  let genreId: string;
  let aReview: string;
  let villainList: string;
  let aList: string;
  let submissionId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [admin] = (await members(t, 1, { contributorStatus: ContributorStatus.ADMIN })) as [Member];
    [villain, a, b] = (await members(t, 3, {
      contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR,
    })) as [Member, Member, Member];
    const release = await createRelease(t.db, { tracks: 2 });
    releaseId = release.id;
    trackId = (
      await t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, releaseId))
    )[0]!.id;
    genreId = (await createGenre(t.db)).id;

    // Everything through the API: the villain's ratings, review, votes, list, likes, follows, comment.
    const rate = (who: Member, rating: number, review?: string) =>
      ok<{ id: string }>(call(t, who, 'POST', '/entries', { releaseId, rating, review }), 201);
    const villainReview = (await rate(villain, 20, 'Dreadful.')).id;
    aReview = (await rate(a, 80, 'Lovely.')).id;
    await rate(b, 60);
    await ok(call(t, a, 'POST', `/entries/review/${villainReview}/votes`, { vote: 1 }));
    await ok(call(t, villain, 'POST', `/entries/review/${aReview}/votes`, { vote: 1 }));
    await ok(call(t, b, 'POST', `/entries/review/${aReview}/votes`, { vote: 1 }));
    for (const who of [villain, a]) {
      await ok(call(t, who, 'POST', `/entries/track/${releaseId}/${trackId}`, { vote: 1 }));
      await ok(call(t, who, 'POST', '/genres/rg', { releaseId, genreId, vote: 1 }));
    }
    villainList = await makeList(t, villain, { title: 'Villain picks' }, { publish: true });
    aList = await makeList(t, a, { title: 'Sunday' }, { publish: true });
    await ok(call(t, a, 'POST', `/lists/${villainList}/likes`));
    await ok(call(t, villain, 'POST', `/lists/${aList}/likes`));
    await ok(call(t, b, 'POST', `/lists/${aList}/likes`));
    await ok(
      call(t, villain, 'POST', '/comments', {
        entityType: CommentTargetKind.LIST,
        entityId: aList,
        body: 'Boring.',
      }),
      201,
    );
    await ok(call(t, villain, 'POST', `/users/${a.user.id}/following`));
    await ok(call(t, b, 'POST', `/users/${a.user.id}/following`));
    await ok(call(t, a, 'POST', `/users/${villain.user.id}/following`));
    const made = await ok<{ id: string }>(
      call(t, a, 'POST', '/submissions/labels', { name: 'Counted Records', note: 'x' }),
      201,
    );
    submissionId = made.id;
    await ok(call(t, villain, 'PATCH', `/submissions/labels/vote/${submissionId}`, { vote: 1 }));
    expect(await counterMismatches(t)).toEqual([]);
  });
  afterAll(async () => t?.close());

  const setStatus = (status: AccountStatus) =>
    ok(call(t, admin, 'PATCH', '/admin/user/account-status', { userId: villain.user.id, status }));

  async function counted(): Promise<Counted> {
    const release = await ok<Release>(call(t, null, 'GET', `/releases/${releaseId}`));
    const [review] = await t.db.select().from(entries).where(eq(entries.id, aReview));
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    const [score] = await t.db
      .select()
      .from(releaseGenres)
      .where(eq(releaseGenres.releaseId, releaseId));
    const [list] = await t.db.select().from(lists).where(eq(lists.id, aList));
    const [user] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    const [submission] = await t.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    return {
      average: release.stats.ratingsAvg,
      ratings: release.stats.ratingsCount,
      reviewUpvotes: review!.reviewUpvotes,
      trackUpvotes: track!.upvotes,
      genreScore: score?.score ?? null,
      listLikes: list!.likesCount,
      listComments: list!.commentsCount,
      followers: user!.followersCount,
      following: user!.followingCount,
      submissionUpvotes: submission!.upvotes,
    };
  }

  const everyone: Counted = {
    average: 160 / 3,
    ratings: 3,
    reviewUpvotes: 2,
    trackUpvotes: 2,
    genreScore: 2,
    listLikes: 2,
    listComments: 1,
    followers: 2,
    following: 1,
    submissionUpvotes: 1,
  };
  const withoutVillain: Counted = {
    average: 70,
    ratings: 2,
    reviewUpvotes: 1,
    trackUpvotes: 1,
    genreScore: 1,
    listLikes: 1,
    listComments: 0,
    followers: 1,
    following: 0,
    submissionUpvotes: 0,
  };

  const expectCounted = async (want: Counted) => {
    const got = await counted();
    expect({ ...got, average: null }).toEqual({ ...want, average: null });
    expect(got.average).toBeCloseTo(want.average!, 9);
  };

  it('counts the account before any ban', async () => {
    await expectCounted(everyone);
  });

  it('leaves a banned account’s rows out of every counter and average at once', async () => {
    await setStatus(AccountStatus.BANNED);
    expect(await counterMismatches(t)).toEqual([]);
    await expectCounted(withoutVillain);
    // The villain's own list keeps its like from a visible account (hidden with its owner).
    const [list] = await t.db.select().from(lists).where(eq(lists.id, villainList));
    expect(list!.likesCount).toBe(1);
  });

  it('a visible account’s change after the ban moves from the visible counts only', async () => {
    await ok(call(t, b, 'PATCH', `/entries/${(await entryOf(b)).id}`, { rating: 100 }));
    expect(await counterMismatches(t)).toEqual([]);
    const release = await ok<Release>(call(t, null, 'GET', `/releases/${releaseId}`));
    expect(release.stats.ratingsCount).toBe(2);
    expect(release.stats.ratingsAvg).toBeCloseTo(90, 9);
    await ok(call(t, b, 'PATCH', `/entries/${(await entryOf(b)).id}`, { rating: 60 }));
  });

  it('counts them again after an unban', async () => {
    await setStatus(AccountStatus.CONFIRMED);
    expect(await counterMismatches(t)).toEqual([]);
    await expectCounted(everyone);
  });

  it('leaves a deleted account’s rows out for good', async () => {
    await setStatus(AccountStatus.DELETED);
    expect(await counterMismatches(t)).toEqual([]);
    await expectCounted(withoutVillain);
    const again = await call(t, admin, 'PATCH', '/admin/user/account-status', {
      userId: villain.user.id,
      status: AccountStatus.CONFIRMED,
    });
    expect(again.statusCode).toBe(409);
    await expectCounted(withoutVillain);
  });

  async function entryOf(who: Member) {
    const [row] = await t.db.select().from(entries).where(eq(entries.userId, who.user.id));
    return row!;
  }
});
