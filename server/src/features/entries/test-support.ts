/**
 * Test support for the entries tests: signed-in users without the cost of
 * password hashing, a small API client, and a full recount of every counter
 * the entries feature keeps.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_TTL_MS } from '@earmark/common';
import { sessions, type UserRow } from '../../db/schema/users';
import { newSecret, sha256 } from '../../lib/ids';
import { assertNoSecrets, TEST_ORIGIN, type TestApp } from '../../../test/helpers';
import { createUsers } from '../../../test/catalogue-factories';
import type { users } from '../../db/schema/users';

export interface Member {
  user: UserRow;
  cookie: string;
}

/** Confirmed users with a session each (a session row made directly, no login round trip). */
export async function members(
  t: TestApp,
  n: number,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<Member[]> {
  const rows = await createUsers(t.db, n, overrides);
  const out: Member[] = [];
  for (const user of rows) {
    const token = newSecret();
    await t.db.insert(sessions).values({
      id: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    out.push({ user, cookie: `earmark_session=${token}` });
  }
  return out;
}

export async function member(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<Member> {
  return (await members(t, 1, overrides))[0]!;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One API call as `who` (or signed out with null); every reply is checked for secrets. */
export async function call(
  t: TestApp,
  who: Member | null,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  assertNoSecrets(res.body);
  return res;
}

/** The call must answer `status`; returns the parsed body. */
export async function ok<T>(res: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return (r.body ? r.json() : null) as T;
}

async function rows(t: TestApp, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const res = await t.db.execute(query);
  return (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows) ?? [];
}

/**
 * Every counter the entries feature keeps, compared with a recount from the
 * rows it counts. Returns the number of mismatching rows per table (all 0
 * when consistent) so a failure names what drifted.
 */
export async function counterMismatches(t: TestApp): Promise<Record<string, unknown[]>> {
  const releases = await rows(
    t,
    sql`select r.id, r.ratings_count, r.ratings_sum, r.ratings_avg, r.entries_count, r.reviews_count,
        c.n, c.rated, c.total, c.avg, c.reviews
      from releases r
      left join lateral (
        select count(*)::int n, count(e.rating)::int rated, coalesce(sum(e.rating), 0)::int total,
          avg(e.rating)::float8 avg, count(e.review)::int reviews
        from entries e where e.release_id = r.id) c on true
      where r.entries_count <> c.n or r.ratings_count <> c.rated or r.ratings_sum <> c.total
        or r.reviews_count <> c.reviews
        or (c.avg is null) <> (r.ratings_avg is null)
        or abs(coalesce(r.ratings_avg, 0) - coalesce(c.avg, 0)) > 1e-9`,
  );
  const tracks = await rows(
    t,
    sql`select t.id, t.upvotes, t.downvotes, c.up, c.down from tracks t
      left join lateral (
        select count(*) filter (where v.vote = 1)::int up, count(*) filter (where v.vote = -1)::int down
        from track_votes v where v.track_id = t.id) c on true
      where t.upvotes <> c.up or t.downvotes <> c.down`,
  );
  const entries = await rows(
    t,
    sql`select e.id, e.review_upvotes, e.review_downvotes, e.track_votes_count, c.up, c.down, c.tv
      from entries e
      left join lateral (
        select
          (select count(*) from review_votes v where v.entry_id = e.id and v.vote = 1)::int up,
          (select count(*) from review_votes v where v.entry_id = e.id and v.vote = -1)::int down,
          (select count(*) from track_votes v where v.entry_id = e.id)::int tv) c on true
      where e.review_upvotes <> c.up or e.review_downvotes <> c.down or e.track_votes_count <> c.tv
        or (e.review is null and (c.up > 0 or c.down > 0))`,
  );
  const people = await rows(
    t,
    sql`select u.id, u.entries_count, u.reviews_count, c.n, c.reviews from users u
      left join lateral (
        select count(*)::int n, count(e.review)::int reviews from entries e where e.user_id = u.id) c on true
      where u.entries_count <> c.n or u.reviews_count <> c.reviews`,
  );
  return { releases, tracks, entries, users: people };
}

export async function expectCountersConsistent(t: TestApp): Promise<void> {
  expect(await counterMismatches(t)).toEqual({ releases: [], tracks: [], entries: [], users: [] });
}
