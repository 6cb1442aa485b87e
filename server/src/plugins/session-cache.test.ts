import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { buildPeerApp, buildTestApp, type TestApp } from '../../test/helpers';
import { sessions, users } from '../db/schema/index';
import { call, waitFor } from '../features/auth/test-support';
import { member } from '../features/entries/test-support';
import { changeAccountStatus } from '../features/users/service';
import { SessionCache } from '../lib/session-cache';

const onPostgres = process.env.EARMARK_TEST_DB === 'postgres';
// Long enough that only the announcement of a change can explain a fresh read.
const env = { SESSION_CACHE_SECONDS: '300' };

/** The username /users/me answers with, or its status code when it refuses. */
async function me(app: FastifyInstance, cookie: string): Promise<string | number> {
  const res = await call(app, 'GET', '/api/users/me', { cookie });
  return res.statusCode === 200 ? (res.json() as { username: string }).username : res.statusCode;
}

/**
 * What an instance answers once the announcement has arrived: at once on
 * PGlite (one connection), within moments on PostgreSQL (another one).
 */
const soon = (read: () => Promise<string | number>, expected: string | number) =>
  waitFor(async () => ((await read()) === expected ? expected : undefined), 2000);

describe('the session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env });
  });
  afterAll(() => t?.close());

  it('serves a kept session, and a profile change at once', async () => {
    const alice = await member(t);
    expect(await me(t.app, alice.cookie)).toBe(alice.user.username);
    const renamed = `${alice.user.username}x`;
    // Straight SQL, as a recount or any writer would: the trigger announces it anyway.
    await t.db.execute(sql`update users set username = ${renamed} where id = ${alice.user.id}`);
    expect(await soon(() => me(t.app, alice.cookie), renamed)).toBe(renamed);
  });

  it('reads a kept session from memory, not from the database', async () => {
    const frank = await member(t);
    expect(await me(t.app, frank.cookie)).toBe(frank.user.username);
    // Unannounced (the trigger off), a change shows only once the kept session goes.
    await t.db.execute(sql`alter table users disable trigger users_updated_notify`);
    try {
      await t.db.execute(sql`update users set username = 'unseen' where id = ${frank.user.id}`);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_updated_notify`);
    }
    expect(await me(t.app, frank.cookie)).toBe(frank.user.username);
  });

  it('refuses a session that expired, and one that was ended', async () => {
    const bob = await member(t);
    expect(await me(t.app, bob.cookie)).toBe(bob.user.username);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, bob.user.id));
    expect(await soon(() => me(t.app, bob.cookie), 401)).toBe(401);

    const carol = await member(t);
    expect(await me(t.app, carol.cookie)).toBe(carol.user.username);
    await t.db.delete(sessions).where(eq(sessions.userId, carol.user.id));
    expect(await soon(() => me(t.app, carol.cookie), 401)).toBe(401);
  });

  it('keeps nothing past the expiry of the session itself', () => {
    const cache = new SessionCache<{ expiresAt: Date }>(60_000, 10);
    cache.listeningFromNow();
    cache.set('s1', 'u1', { expiresAt: new Date(2000) }, 1000);
    expect(cache.get('s1', 1500)).not.toBeNull();
    expect(cache.get('s1', 2000)).toBeNull();
  });

  it('keeps nothing while it is not listening, and drops users on announcement', () => {
    const cache = new SessionCache<{ expiresAt: Date }>(60_000, 10);
    const session = { expiresAt: new Date(Date.now() + 60_000) };
    cache.set('s1', 'u1', session);
    expect(cache.get('s1')).toBeNull();
    cache.listeningFromNow();
    cache.set('s1', 'u1', session);
    cache.set('s2', 'u2', session);
    cache.applyNotification('u1,u3');
    expect(cache.get('s1')).toBeNull();
    expect(cache.get('s2')).toBe(session);
    cache.applyNotification('*');
    expect(cache.get('s2')).toBeNull();
    cache.set('s2', 'u2', session);
    cache.notListening();
    expect(cache.get('s2')).toBeNull();
  });
});

// Two instances on one PostgreSQL, as a deployment runs them.
describe.skipIf(!onPostgres)('the session cache across instances', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp({ env });
    b = await buildPeerApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ends on B, at once, the session of a user banned through A', async () => {
    const dave = await member(a);
    expect(await me(b, dave.cookie)).toBe(dave.user.username);
    await changeAccountStatus(a.app.writer, dave.user.id, AccountStatus.BANNED);
    expect(await soon(() => me(b, dave.cookie), 401)).toBe(401);
  });

  it('shows on B, at once, a profile change made through A', async () => {
    const erin = await member(a);
    expect(await me(b, erin.cookie)).toBe(erin.user.username);
    const res = await call(a.app, 'PATCH', `/api/users/${erin.user.id}/update-profile`, {
      cookie: erin.cookie,
      payload: { username: erin.user.username, name: 'Erin Changed' },
    });
    expect(res.statusCode).toBe(200);
    const name = async () =>
      ((await call(b, 'GET', '/api/users/me', { cookie: erin.cookie })).json() as { name: string })
        .name;
    expect(
      await waitFor(async () => ((await name()) === 'Erin Changed' ? true : undefined), 2000),
    ).toBe(true);
    const [row] = await a.db.select().from(users).where(eq(users.id, erin.user.id));
    expect(row!.name).toBe('Erin Changed');
  });
});
