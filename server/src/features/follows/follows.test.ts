import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type FollowReply } from '@earmark/common';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { buildTestApp, createUser, login, TEST_ORIGIN, type TestApp } from '../../../test/helpers';

describe('follows: follow and unfollow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function signedIn(overrides: Partial<typeof users.$inferInsert> = {}) {
    const { user, password } = await createUser(t.db, overrides);
    return { user, cookie: await login(t.app, user.email, password) };
  }

  const change = (method: 'POST' | 'DELETE', userId: string, cookie?: string) =>
    t.app.inject({
      method,
      url: `/api/users/${userId}/following`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  async function counters(user: UserRow) {
    const [row] = await t.db
      .select({ followers: users.followersCount, following: users.followingCount })
      .from(users)
      .where(eq(users.id, user.id));
    return row!;
  }

  /** The stored counters must equal a recount of the follow rows. */
  async function expectCountersMatchRows(...list: UserRow[]) {
    for (const u of list) {
      const [[followers], [following]] = await Promise.all([
        t.db.select({ n: count() }).from(follows).where(eq(follows.followingId, u.id)),
        t.db.select({ n: count() }).from(follows).where(eq(follows.followerId, u.id)),
      ]);
      expect(await counters(u)).toEqual({ followers: followers!.n, following: following!.n });
    }
  }

  it('follows once however often asked, and unfollows the same way', async () => {
    const a = await signedIn();
    const { user: b } = await createUser(t.db);

    const first = await change('POST', b.id, a.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json<FollowReply>()).toEqual({ following: true, followersCount: 1 });
    const again = await change('POST', b.id, a.cookie);
    expect(again.json<FollowReply>()).toEqual({ following: true, followersCount: 1 });

    const rows = await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, a.user.id), eq(follows.followingId, b.id)));
    expect(rows).toHaveLength(1);
    expect(await counters(a.user)).toEqual({ followers: 0, following: 1 });
    expect(await counters(b)).toEqual({ followers: 1, following: 0 });

    const off = await change('DELETE', b.id, a.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json<FollowReply>()).toEqual({ following: false, followersCount: 0 });
    const offAgain = await change('DELETE', b.id, a.cookie);
    expect(offAgain.json<FollowReply>()).toEqual({ following: false, followersCount: 0 });
    await expectCountersMatchRows(a.user, b);
    expect(await counters(a.user)).toEqual({ followers: 0, following: 0 });
  });

  it('keeps counters equal to a recount after mutual and concurrent follows', async () => {
    const people = await Promise.all([signedIn(), signedIn(), signedIn()]);
    // Everyone follows everyone else, each request sent twice at once.
    await Promise.all(
      people.flatMap((p) =>
        people
          .filter((q) => q !== p)
          .flatMap((q) => [
            change('POST', q.user.id, p.cookie),
            change('POST', q.user.id, p.cookie),
          ]),
      ),
    );
    for (const p of people) expect(await counters(p.user)).toEqual({ followers: 2, following: 2 });
    await Promise.all([
      change('DELETE', people[1]!.user.id, people[0]!.cookie),
      change('DELETE', people[1]!.user.id, people[0]!.cookie),
      change('DELETE', people[0]!.user.id, people[2]!.cookie),
    ]);
    await expectCountersMatchRows(...people.map((p) => p.user));
    expect(await counters(people[1]!.user)).toEqual({ followers: 1, following: 2 });
  });

  it('refuses to follow oneself', async () => {
    const a = await signedIn();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await change(method, a.user.id, a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot follow yourself');
    }
    expect(await counters(a.user)).toEqual({ followers: 0, following: 0 });
  });

  it('answers 404 for unknown, banned and deleted users', async () => {
    const a = await signedIn();
    const { user: banned } = await createUser(t.db, { accountStatus: AccountStatus.BANNED });
    const { user: deleted } = await createUser(t.db, { accountStatus: AccountStatus.DELETED });
    for (const id of ['no-such-user', banned.id, deleted.id]) {
      const res = await change('POST', id, a.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    expect(await counters(a.user)).toEqual({ followers: 0, following: 0 });
  });

  it('needs a signed-in, confirmed account', async () => {
    const { user: b } = await createUser(t.db);
    const out = await change('POST', b.id);
    expect(out.statusCode).toBe(401);
    expect((await change('DELETE', b.id)).statusCode).toBe(401);

    const unconfirmed = await signedIn({ accountStatus: AccountStatus.NOT_CONFIRMED });
    const res = await change('POST', b.id, unconfirmed.cookie);
    expect(res.statusCode).toBe(403);
    expect(await counters(b)).toEqual({ followers: 0, following: 0 });
  });

  it('tells a signed-in viewer whether they follow a profile', async () => {
    const a = await signedIn();
    const { user: b } = await createUser(t.db);
    const profile = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/username/${b.username}`,
        headers: cookie ? { cookie } : {},
      });

    expect((await profile(a.cookie)).json().followedByViewer).toBe(false);
    await change('POST', b.id, a.cookie);
    const after = (await profile(a.cookie)).json();
    expect(after.followedByViewer).toBe(true);
    expect(after.counts.followers).toBe(1);
    // Signed out there is no viewer to speak of.
    expect((await profile()).json()).not.toHaveProperty('followedByViewer');
  });
});
