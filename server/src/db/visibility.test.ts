import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type Entry, type PagedEntries, type PagedUsers } from '@earmark/common';
import { changeAccountStatus } from '../features/users/service';
import { call, members, ok, type Member } from '../features/entries/test-support';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createRelease } from '../../test/catalogue-factories';

/**
 * A ban hides everything the account wrote from every listing, summary and
 * page, and an unban brings it all back; the API is asked exactly as a
 * reader would, cached pages included.
 */
describe('visibility: banning and unbanning an account', () => {
  let t: TestApp;
  let banned: Member;
  let follower: Member;
  let followed: Member;
  let reader: Member;
  let release: { id: string };
  let entryId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [banned, follower, followed, reader] = (await members(t, 4)) as [
      Member,
      Member,
      Member,
      Member,
    ];
    release = await createRelease(t.db, { tracks: 2 });
    const tag = await ok<{ id: string }>(
      call(t, banned, 'POST', '/entries/user/tags', { name: 'late-night' }),
      201,
    );
    const entry = await ok<Entry>(
      call(t, banned, 'POST', '/entries', {
        releaseId: release.id,
        rating: 90,
        review: 'A quiet triumph.',
        tags: [tag.id],
      }),
      201,
    );
    entryId = entry.id;
    await ok(call(t, reader, 'POST', '/entries', { releaseId: release.id, rating: 50 }), 201);
    await ok(call(t, follower, 'POST', `/users/${banned.user.id}/following`));
    await ok(call(t, banned, 'POST', `/users/${followed.user.id}/following`));
  });
  afterAll(async () => t?.close());

  const get = <T>(url: string, who: Member | null = reader) => ok<T>(call(t, who, 'GET', url));
  const status = async (url: string, who: Member | null = reader) =>
    (await call(t, who, 'GET', url)).statusCode;
  const userIds = (page: PagedUsers) => page.users.map((u) => u.id);
  const authors = (page: PagedEntries) => page.entries.map((e) => e.user.id);

  /** Every place the account's content shows: true when it shows there. */
  async function seen() {
    const id = banned.user.id;
    const [onRelease, onReleaseOut, reviews, siteWide, theirs, byFollowed] = await Promise.all([
      get<PagedEntries>(`/entries?releaseId=${release.id}`),
      get<PagedEntries>(`/entries?releaseId=${release.id}`, null),
      get<PagedEntries>(`/entries?releaseId=${release.id}&withReview=true`),
      get<PagedEntries>('/entries'),
      get<PagedEntries>(`/entries?userId=${id}`),
      get<Entry[]>(`/entries/release/${release.id}/following`, follower),
    ]);
    const followersOfFollowed = await get<PagedUsers>(`/users/${followed.user.id}/followers`);
    const followingOfFollower = await get<PagedUsers>(`/users/${follower.user.id}/following`);
    return {
      releaseEntries: authors(onRelease).includes(id),
      releaseEntriesSignedOut: authors(onReleaseOut).includes(id),
      releaseTotal: onRelease.totalItems,
      reviews: authors(reviews).includes(id),
      siteWide: authors(siteWide).includes(id),
      ownEntries: theirs.entries.length > 0,
      followedEntries: byFollowed.some((e) => e.user.id === id),
      entry: (await status(`/entries/${entryId}`)) === 200,
      profile: (await status(`/users/username/${banned.user.username}`)) === 200,
      followers: (await status(`/users/${id}/followers`)) === 200,
      stats: (await status(`/entries/user/${id}/ratings`)) === 200,
      inFollowers: userIds(followersOfFollowed).includes(id),
      inFollowing: userIds(followingOfFollower).includes(id),
      // The lists' totals are their users' kept counts.
      followersTotal: followersOfFollowed.totalItems,
      followingTotal: followingOfFollower.totalItems,
      reviewVote:
        (await call(t, reader, 'POST', `/entries/review/${entryId}/votes`, { vote: 1 }))
          .statusCode === 200,
    };
  }

  it('hides every trace of a banned account and restores it on unban', async () => {
    const before = await seen();
    const everywhere = {
      releaseEntries: true,
      releaseEntriesSignedOut: true,
      releaseTotal: 2,
      reviews: true,
      siteWide: true,
      ownEntries: true,
      followedEntries: true,
      entry: true,
      profile: true,
      followers: true,
      stats: true,
      inFollowers: true,
      inFollowing: true,
      followersTotal: 1,
      followingTotal: 1,
      reviewVote: true,
    };
    expect(before).toEqual(everywhere);

    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.BANNED);
    expect(await seen()).toEqual({
      releaseEntries: false,
      releaseEntriesSignedOut: false,
      releaseTotal: 1,
      reviews: false,
      siteWide: false,
      ownEntries: false,
      followedEntries: false,
      entry: false,
      profile: false,
      followers: false,
      stats: false,
      inFollowers: false,
      inFollowing: false,
      followersTotal: 0,
      followingTotal: 0,
      reviewVote: false,
    });
    // Nobody can follow a hidden account either.
    expect((await call(t, reader, 'POST', `/users/${banned.user.id}/following`)).statusCode).toBe(
      404,
    );

    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.CONFIRMED);
    // The earlier review vote toggles off when voted again: vote again to compare alike.
    expect(await seen()).toEqual({ ...everywhere, reviewVote: true });
  });
});
