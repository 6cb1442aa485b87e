import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, decodeCursor, encodeCursor, type PagedUsers } from '@earmark/common';
import { follows } from '../../db/schema/follows';
import { recountCounters } from '../../db/recount';
import { users, type UserRow } from '../../db/schema/users';
import { createUsers } from '../../../test/catalogue-factories';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers';

/**
 * Cursor paging of the follow lists on follows full of ties: many made at
 * the same instant, some one microsecond later (a time a millisecond clock
 * cannot tell apart), a banned follower among the ties. Walking a list by
 * cursor must give every visible user once, newest follow first.
 */
describe('follows: cursor paging', () => {
  let t: TestApp;
  let star: UserRow;
  /** star's visible followers, newest follow first. */
  let expectedFollowers: string[];
  /** Whom star follows, newest follow first. */
  let expectedFollowing: string[];
  let banned: UserRow;

  /** The ids in descending order as the database sorts text (ties break on the id). */
  async function descending(ids: string[]): Promise<string[]> {
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(sql`${users.id} desc`);
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ({ user: star } = await createUser(t.db));
    const fans = await createUsers(t.db, 9);
    banned = (await createUsers(t.db, 1, { accountStatus: AccountStatus.BANNED }))[0]!;
    const base = new Date(Date.now() - 3600_000);
    const tied = fans.slice(0, 6);
    const later = fans.slice(6, 8);
    const earlier = fans[8]!;
    await t.db.insert(follows).values([
      ...[...tied, ...later, banned].map((u) => ({
        followerId: u.id,
        followingId: star.id,
        createdAt: base,
      })),
      { followerId: earlier.id, followingId: star.id, createdAt: new Date(+base - 86_400_000) },
      ...fans.slice(0, 5).map((u) => ({ followerId: star.id, followingId: u.id, createdAt: base })),
    ]);
    // Written directly: their counters set as the follow calls keep them.
    await recountCounters(t.db, { users: [star.id, banned.id, ...fans.map((u) => u.id)] });
    await t.db.execute(sql`update follows set created_at = created_at + interval '1 microsecond'
      where following_id = ${star.id} and follower_id in (${later[0]!.id}, ${later[1]!.id})`);
    expectedFollowers = [
      ...(await descending(later.map((u) => u.id))),
      ...(await descending(tied.map((u) => u.id))),
      earlier.id,
    ];
    expectedFollowing = await descending(fans.slice(0, 5).map((u) => u.id));
  });
  afterAll(async () => t?.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/users/${path}` });
  async function page(path: string): Promise<PagedUsers> {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedUsers>();
  }

  /** Every page of a list by cursor, `size` users at a time. */
  async function walk(list: string, size: number): Promise<PagedUsers[]> {
    const pages = [await page(`${list}?pageSize=${size}`)];
    while (pages.at(-1)!.nextCursor) {
      const cursor = encodeURIComponent(pages.at(-1)!.nextCursor!);
      pages.push(await page(`${list}?pageSize=${size}&cursor=${cursor}`));
      expect(pages.length).toBeLessThan(50);
    }
    return pages;
  }
  const ids = (pages: PagedUsers[]) => pages.flatMap((p) => p.users.map((u) => u.id));

  it('gives every follower once, newest follow first, ties included', async () => {
    for (const size of [1, 2, 4]) {
      const pages = await walk(`${star.id}/followers`, size);
      expect(ids(pages), `pageSize ${size}`).toEqual(expectedFollowers);
      expect(ids(pages)).not.toContain(banned.id);
      pages.forEach((p, i) => {
        expect(p).toMatchObject({
          currentPage: i + 1,
          totalItems: expectedFollowers.length,
          totalPages: Math.ceil(expectedFollowers.length / size),
          itemsPerPage: size,
          currentItems: p.users.length,
        });
      });
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // One page of all of them gives the same order and no cursor.
    const whole = await page(`${star.id}/followers?pageSize=100`);
    expect(whole.users.map((u) => u.id)).toEqual(expectedFollowers);
    expect(whole.nextCursor).toBeNull();
  });

  it('gives every followed user once, ties in id order', async () => {
    expect(ids(await walk(`${star.id}/following`, 2))).toEqual(expectedFollowing);
  });

  it('continues a page number with its cursor', async () => {
    const second = await page(`${star.id}/followers?pageSize=3&page=2`);
    expect(second.users.map((u) => u.id)).toEqual(expectedFollowers.slice(3, 6));
    const third = await page(
      `${star.id}/followers?pageSize=3&cursor=${encodeURIComponent(second.nextCursor!)}`,
    );
    expect(third.currentPage).toBe(3);
    expect(third.users.map((u) => u.id)).toEqual(expectedFollowers.slice(6, 9));
  });

  it('answers 400 to a garbled or forged cursor', async () => {
    const first = await page(`${star.id}/followers?pageSize=2`);
    const state = decodeCursor(first.nextCursor!)!;
    for (const cursor of [
      'not a cursor',
      'eyJ2IjoxfQ',
      first.nextCursor!.slice(0, -3),
      encodeCursor({ ...state, k: ['yesterday', state.k[1]!] }),
      encodeCursor({ ...state, k: [state.k[0]!] }),
      encodeCursor({ ...state, k: [state.k[0]!, null] }),
    ]) {
      const res = await get(`${star.id}/followers?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message, cursor).toBe(
        'cursor is not valid: use the nextCursor of the page before',
      );
    }
    // A followers cursor means nothing to the following list.
    const other = await get(`${star.id}/following?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(other.statusCode).toBe(400);
  });

  it('caps the page size and bounds page numbers', async () => {
    for (const [query, message] of [
      ['pageSize=101', 'pageSize must not be greater than 100'],
      ['pageSize=100&page=101', 'page must not be greater than 100 with pageSize 100'],
      ['page=10001&pageSize=1', 'page must not be greater than 10000'],
    ] as const) {
      const res = await get(`${star.id}/followers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(String(res.json().message), query).toContain(message);
    }
    expect((await get(`${star.id}/following?pageSize=100&page=100`)).statusCode).toBe(200);
  });
});
