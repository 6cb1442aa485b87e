import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { sessions, users } from '../../db/schema/index';
import {
  buildTestApp,
  createUser,
  login,
  sessionCookie,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';
import { call, nextIp, TOO_MANY_REQUESTS } from './test-support';

describe('login and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const logIn = (email: string, password: string, ip = nextIp()) =>
    call(t.app, 'POST', '/api/auth/login', { payload: { email, password }, ip });

  const sessionCount = async (userId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  /** A call that needs a session; 401 once the session is gone. */
  const signedInCall = (cookie: string) =>
    call(t.app, 'PUT', '/api/auth/update-password', {
      cookie,
      payload: { currentPassword: 'wrong-on-purpose', password: 'whatever1' },
    });

  it('signs in with the email in any case and returns the account', async () => {
    const { user, password } = await createUser(t.db);
    const res = await logIn(user.email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email });
    const cookie = res.cookies.find((c) => c.name === 'earmark_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { user } = await createUser(t.db);
    const wrong = await logIn(user.email, 'not the password');
    const unknown = await logIn(`${uniqueName()}@example.com`, 'whatever');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid email or password',
      });
      expect(res.cookies.some((c) => c.name === 'earmark_session' && c.value)).toBe(false);
    }
  });

  it('refuses banned accounts with 403, but only to someone who knows the password', async () => {
    const { user, password } = await createUser(t.db, { accountStatus: AccountStatus.BANNED });
    const res = await logIn(user.email, password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account has been banned');
    expect((await logIn(user.email, 'guess')).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('refuses deleted accounts as unknown', async () => {
    const { user, password } = await createUser(t.db, { accountStatus: AccountStatus.DELETED });
    const res = await logIn(user.email, password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('ends the sessions of a user who gets banned', async () => {
    const { user, password } = await createUser(t.db);
    const cookieA = await login(t.app, user.email, password);
    const cookieB = await login(t.app, user.email, password);
    expect((await signedInCall(cookieA)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/users/me', { cookie: cookieB })).statusCode).toBe(200);

    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, user.id));

    expect((await signedInCall(cookieA)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me', { cookie: cookieB })).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('logs out: the session row is deleted and the cookie cleared', async () => {
    const { user, password } = await createUser(t.db);
    const cookie = await login(t.app, user.email, password);
    const res = await call(t.app, 'POST', '/api/auth/logout', { cookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'earmark_session')!;
    expect(cleared.value).toBe('');
    expect(await sessionCount(user.id)).toBe(0);
    expect((await signedInCall(cookie)).statusCode).toBe(401);
    // Logging out twice is harmless.
    expect((await call(t.app, 'POST', '/api/auth/logout')).statusCode).toBe(204);
  });

  it('limits guesses at one account from one address', async () => {
    const { user, password } = await createUser(t.db);
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await logIn(user.email, `guess-${i}`, ip)).statusCode).toBe(401);
    }
    const limited = await logIn(user.email, password, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_REQUESTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner signing in from elsewhere is not locked out.
    const elsewhere = await logIn(user.email, password);
    expect(elsewhere.statusCode).toBe(200);
    sessionCookie(elsewhere);
  });

  it('limits login attempts per address across accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      // Bodies are not even read once the address is over its limit.
      const res = await call(t.app, 'POST', '/api/auth/login', { payload: {}, ip });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});
