import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import {
  assertNoSecrets,
  buildTestApp,
  createUser,
  TEST_ORIGIN,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { accountLimits } from './rate-limits';
import { nextIp, TOO_MANY_REQUESTS } from './test-support';

const ACROSS = accountLimits.loginUnknownBrowsers.max;

/** The known-browser cookie of a reply, ready to send back. */
function knownCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === KNOWN_DEVICE_COOKIE);
  if (!c) throw new Error(`no ${KNOWN_DEVICE_COOKIE} cookie in reply ${res.statusCode}`);
  return `${KNOWN_DEVICE_COOKIE}=${c.value}`;
}

describe('login: one account guessed at from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, as deployed: the client address comes from X-Forwarded-For.
    t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  /** A login from a forwarded client address, with the browser's cookies if any. */
  async function logIn(email: string, password: string, cookie?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        origin: TEST_ORIGIN,
        'x-forwarded-for': nextIp(),
        ...(cookie ? { cookie } : {}),
      },
      payload: { email, password },
    });
    assertNoSecrets(res.body);
    return res;
  }

  /** 30 addresses, one wrong password each; the statuses in order. */
  async function guessFrom30Addresses(email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await logIn(email, `guess-${i}`)).statusCode);
    return statuses;
  }

  it('slows guesses from many addresses once the account limit is reached', async () => {
    const { user, password } = await createUser(t.db);
    const statuses = await guessFrom30Addresses(user.email);
    expect(statuses.slice(0, ACROSS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ACROSS).every((s) => s === 429)).toBe(true);
    expect(ACROSS).toBeLessThan(30);

    // Even the right password from yet another new browser waits now.
    const limited = await logIn(user.email, password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY_REQUESTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.cookies.some((c) => c.name === 'earmark_session' && c.value)).toBe(false);
  });

  it('treats an address without an account the same, so the limit reveals nothing', async () => {
    const statuses = await guessFrom30Addresses(`${uniqueName()}@example.com`);
    expect(statuses.slice(0, ACROSS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ACROSS).every((s) => s === 429)).toBe(true);
  });

  it('lets a browser that signed in to the account before in during an attack', async () => {
    const { user, password } = await createUser(t.db);
    const first = await logIn(user.email, password);
    expect(first.statusCode).toBe(200);
    const known = knownCookie(first);
    const mark = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)!;
    expect(mark.httpOnly).toBe(true);
    expect(mark.path).toBe('/api/auth');
    expect(mark.sameSite).toBe('Lax');
    expect(mark.expires!.getTime() - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);

    expect((await guessFrom30Addresses(user.email)).at(-1)).toBe(429);

    // The owner's browser, from a new address: in, and its mark renewed.
    const owner = await logIn(user.email, password, known);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(user.id);
    knownCookie(owner);
    // Its wrong password is still only a wrong password.
    expect((await logIn(user.email, 'typo', known)).statusCode).toBe(401);
    // A browser without the mark still waits.
    expect((await logIn(user.email, password)).statusCode).toBe(429);
  });

  it('does not take a mark made for another account, a forged one or one of an old password', async () => {
    const { user, password } = await createUser(t.db);
    const other = await createUser(t.db);
    const otherMark = knownCookie(await logIn(other.user.email, other.password));
    const ownMark = knownCookie(await logIn(user.email, password));
    expect((await guessFrom30Addresses(user.email)).at(-1)).toBe(429);

    expect((await logIn(user.email, password, otherMark)).statusCode).toBe(429);
    const [, value] = ownMark.split('=');
    const [id, expires] = value!.split('.');
    const forged = `${KNOWN_DEVICE_COOKIE}=${id}.${expires}.${'A'.repeat(43)}`;
    expect((await logIn(user.email, password, forged)).statusCode).toBe(429);
    const later = `${KNOWN_DEVICE_COOKIE}=${id}.${(Date.now() + 10 * 365 * 86400000).toString(36)}.${value!.split('.')[2]}`;
    expect((await logIn(user.email, password, later)).statusCode).toBe(429);

    // A password change forgets the browsers that knew the old one.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('changed-elsewhere') })
      .where(eq(users.id, user.id));
    expect((await logIn(user.email, 'changed-elsewhere', ownMark)).statusCode).toBe(429);
  });

  it('keeps the marks of several accounts in one browser', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const first = await logIn(a.user.email, a.password);
    const both = knownCookie(await logIn(b.user.email, b.password, knownCookie(first)));
    expect((await guessFrom30Addresses(a.user.email)).at(-1)).toBe(429);
    expect((await guessFrom30Addresses(b.user.email)).at(-1)).toBe(429);
    expect((await logIn(a.user.email, a.password, both)).statusCode).toBe(200);
    expect((await logIn(b.user.email, b.password, both)).statusCode).toBe(200);
  });

  it('marks the browser that signed up', async () => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp() },
      payload: { email: `${username}@example.com`, username, password: 'long enough' },
    });
    expect(res.statusCode).toBe(201);
    const known = knownCookie(res);
    const email = `${username.toLowerCase()}@example.com`;
    expect((await guessFrom30Addresses(email)).at(-1)).toBe(429);
    expect((await logIn(email, 'long enough', known)).statusCode).toBe(200);
  });
});
