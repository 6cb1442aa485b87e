import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type Entry } from '@earmark/common';
import { entries } from '../../db/schema/entries';
import { follows } from '../../db/schema/follows';
import { users, type UserRow } from '../../db/schema/users';
import { newId } from '../../lib/ids';
import {
  createRelease,
  createUsers,
  daysAgo,
  type ReleaseRow,
} from '../../../test/catalogue-factories';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helpers';
import { FOLLOWING_ENTRIES_MAX } from './following-entries';

describe("follows: followed users' entries on a release", () => {
  let t: TestApp;
  let viewer: UserRow;
  let cookie: string;
  let release: ReleaseRow;

  beforeAll(async () => {
    t = await buildTestApp();
    const created = await createUser(t.db);
    viewer = created.user;
    cookie = await login(t.app, viewer.email, created.password);
    release = await createRelease(t.db);
  });
  afterAll(async () => t?.close());

  const get = (releaseId: string, withCookie = cookie) =>
    t.app.inject({
      method: 'GET',
      url: `/api/entries/release/${releaseId}/following`,
      headers: withCookie ? { cookie: withCookie } : {},
    });

  async function logEntry(user: UserRow, releaseId: string, rating: number, createdAt: Date) {
    await t.db.insert(entries).values({
      id: newId(),
      userId: user.id,
      releaseId,
      rating,
      ratingUpdatedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }

  it("lists only followed users' entries, newest first, without banned users", async () => {
    const [older, newer, stranger, banned] = (await createUsers(t.db, 4)) as UserRow[];
    await t.db
      .insert(follows)
      .values([older!, newer!, banned!].map((u) => ({ followerId: viewer.id, followingId: u.id })));
    await logEntry(older!, release.id, 70, daysAgo(5));
    await logEntry(newer!, release.id, 85, daysAgo(1));
    await logEntry(stranger!, release.id, 20, daysAgo(0));
    await logEntry(banned!, release.id, 10, daysAgo(0));
    await logEntry(viewer, release.id, 50, daysAgo(0));
    // A followed user's entry on another release does not belong here.
    const elsewhere = await createRelease(t.db);
    await logEntry(newer!, elsewhere.id, 40, daysAgo(0));
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, banned!.id));

    const res = await get(release.id);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<Entry[]>();
    expect(list.map((e) => [e.user.username, e.rating?.rating])).toEqual([
      [newer!.username, 85],
      [older!.username, 70],
    ]);
    // The full entry shape, with the release summary and the viewer's own entry on it.
    expect(list[0]).toMatchObject({
      releaseId: release.id,
      review: null,
      tags: [],
      release: { id: release.id, viewerEntry: { rating: 50 } },
    });
  });

  it('shows at most fifty entries', async () => {
    const other = await createRelease(t.db);
    const many = await createUsers(t.db, FOLLOWING_ENTRIES_MAX + 1);
    await t.db
      .insert(follows)
      .values(many.map((u) => ({ followerId: viewer.id, followingId: u.id })));
    await t.db.insert(entries).values(
      many.map((u, i) => ({
        id: newId(),
        userId: u.id,
        releaseId: other.id,
        rating: 60,
        createdAt: daysAgo(i),
      })),
    );
    const list = (await get(other.id)).json<Entry[]>();
    expect(list).toHaveLength(FOLLOWING_ENTRIES_MAX);
    expect(list[0]!.user.id).toBe(many[0]!.id);
  });

  it('answers an empty list when the viewer follows nobody who logged it', async () => {
    const quiet = await createRelease(t.db);
    const res = await get(quiet.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs a signed-in viewer and a known release', async () => {
    expect((await get(release.id, '')).statusCode).toBe(401);
    const res = await get('no-such-release');
    expect(res.statusCode).toBe(404);
  });
});
