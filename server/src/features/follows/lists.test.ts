import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type PagedUsers } from '@earmark/common';
import { follows } from '../../db/schema/follows';
import { recountCounters } from '../../db/recount';
import type { UserRow } from '../../db/schema/users';
import { createUsers, daysAgo } from '../../../test/catalogue-factories';
import { buildTestApp, createUser, login, TEST_ORIGIN, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';

describe('follows: followers and following lists', () => {
  let t: TestApp;
  let star: UserRow;
  /** Followers of `star`, newest follow first. */
  let fans: UserRow[];
  let banned: UserRow;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ user: star } = await createUser(t.db));
    const created = await createUsers(t.db, 5);
    banned = (await createUsers(t.db, 1, { accountStatus: AccountStatus.BANNED }))[0]!;
    // fans[0] followed most recently; the banned one sits in the middle.
    fans = created;
    await t.db.insert(follows).values([
      ...created.map((u, i) => ({
        followerId: u.id,
        followingId: star.id,
        createdAt: daysAgo(i * 2),
      })),
      { followerId: banned.id, followingId: star.id, createdAt: daysAgo(3) },
      // star follows two of them, the older follow first.
      { followerId: star.id, followingId: created[3]!.id, createdAt: daysAgo(10) },
      { followerId: star.id, followingId: created[1]!.id, createdAt: daysAgo(1) },
    ]);
    // Written directly: their counters set as the follow calls keep them.
    await recountCounters(t.db, { users: [star.id, banned.id, ...created.map((u) => u.id)] });
  });
  afterAll(async () => t?.close());

  async function list(url: string, cookie?: string): Promise<PagedUsers> {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedUsers>();
  }

  it('lists followers newest first, without banned accounts, in pages', async () => {
    const first = await list(`/api/users/${star.id}/followers/?page=1&pageSize=2`);
    expect(first).toMatchObject({
      currentPage: 1,
      totalPages: 3,
      totalItems: 5,
      currentItems: 2,
      itemsPerPage: 2,
    });
    const pages = [first];
    for (const page of [2, 3]) {
      pages.push(await list(`/api/users/${star.id}/followers?page=${page}&pageSize=2`));
    }
    const ids = pages.flatMap((p) => p.users.map((u) => u.id));
    expect(ids).toEqual(fans.map((f) => f.id));
    expect(ids).not.toContain(banned.id);
    expect(first.users[0]).toEqual({
      id: fans[0]!.id,
      username: fans[0]!.username,
      name: null,
      image: null,
      supporter: 0,
      isFollowedByViewer: false,
    });
  });

  it('lists whom a user follows, newest first', async () => {
    const page = await list(`/api/users/${star.id}/following/`);
    expect(page.users.map((u) => u.id)).toEqual([fans[1]!.id, fans[3]!.id]);
    expect(page).toMatchObject({ totalItems: 2, totalPages: 1, currentItems: 2 });
  });

  it('marks the users a signed-in viewer follows', async () => {
    const viewer = await createUser(t.db);
    await t.db.insert(follows).values({ followerId: viewer.user.id, followingId: fans[2]!.id });
    const cookie = await login(t.app, viewer.user.email, viewer.password);
    const page = await list(`/api/users/${star.id}/followers`, cookie);
    expect(page.users.filter((u) => u.isFollowedByViewer).map((u) => u.id)).toEqual([fans[2]!.id]);
  });

  it('answers an empty page past the end and 404 for unknown or banned users', async () => {
    const beyond = await list(`/api/users/${star.id}/followers?page=9`);
    expect(beyond).toMatchObject({ currentPage: 9, totalItems: 5, currentItems: 0, users: [] });

    for (const id of ['nobody-here', banned.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}/following` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
  });

  it('reads a page with its user, whose kept count is its total, as follows come and go', async () => {
    const newcomer = await createUser(t.db);
    const cookie = await login(t.app, newcomer.user.email, newcomer.password);
    const follow = (method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/users/${star.id}/following`,
        headers: { cookie, origin: TEST_ORIGIN },
      });
    const followers = async () => {
      let page!: PagedUsers;
      const statements = await capturingStatements(t, async () => {
        page = await list(`/api/users/${star.id}/followers?pageSize=2`);
      });
      // The user (and the count kept with them), then the page.
      expect(statements).toHaveLength(2);
      return page;
    };
    expect(await followers()).toMatchObject({ totalItems: 5, totalPages: 3 });
    expect((await follow('POST')).statusCode).toBe(200);
    const after = await followers();
    expect(after).toMatchObject({ totalItems: 6, totalPages: 3 });
    expect(after.users[0]!.id).toBe(newcomer.user.id);
    expect((await follow('DELETE')).statusCode).toBe(200);
    expect(await followers()).toMatchObject({ totalItems: 5 });
  });

  it('validates paging', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${star.id}/followers?pageSize=1000`,
    });
    expect(res.statusCode).toBe(400);
  });
});
