/**
 * Test support for the entries tests: signed-in users without the cost of
 * password hashing, a small API client, and a check of every counter against
 * its production recount.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_TTL_MS } from '@earmark/common';
import { counterDrift, type RecountChange } from '../../db/recount';
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

/**
 * The counters that differ from their production recount (see db/recount),
 * with the rows; empty when every counter is right.
 */
export async function counterMismatches(t: TestApp): Promise<RecountChange[]> {
  return counterDrift(t.db);
}

export async function expectCountersConsistent(t: TestApp): Promise<void> {
  expect(await counterMismatches(t)).toEqual([]);
}
