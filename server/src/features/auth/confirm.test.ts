import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { accountTokens, users } from '../../db/schema/index';
import {
  buildTestApp,
  createUser,
  login,
  sessionCookie,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';
import { call, linksOf, nextIp, outboxMail, readOutbox, waitFor } from './test-support';

describe('email confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  /** Signs up a new user; returns the id, the cookie and the mailed link's path. */
  async function signUp() {
    const username = uniqueName();
    const email = `${username}@example.com`;
    const res = await call(t.app, 'POST', '/api/auth/signup', {
      payload: { email, username, password: 'secret1' },
      ip: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const mail = await outboxMail(t.config.dataDir, email, /Confirm/);
    const link = linksOf(mail)[0]!;
    return {
      id: res.json().user.id as string,
      email,
      cookie: sessionCookie(res),
      path: new URL(link).pathname.replace('/account/confirm/', '/api/auth/confirm/'),
    };
  }

  /** Asks for the mail again; returns the API path of the new link. */
  async function resend(u: Awaited<ReturnType<typeof signUp>>) {
    const res = await call(t.app, 'POST', '/api/auth/resend-confirmation', { cookie: u.cookie });
    const mails = await waitFor(async () => {
      const all = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(u.email));
      return all.length === 2 ? all : undefined;
    });
    const resent = mails
      .flatMap(linksOf)
      .map((l) => new URL(l).pathname.replace('/account/', '/api/auth/'))
      .filter((p) => p !== u.path);
    return { res, resent };
  }

  const statusOf = async (id: string) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]!.accountStatus;

  it('confirms the account once; the link then says it is already confirmed', async () => {
    const u = await signUp();
    const first = await call(t.app, 'GET', u.path);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Email confirmed successfully',
      alreadyConfirmed: false,
    });
    expect(await statusOf(u.id)).toBe(AccountStatus.CONFIRMED);

    const again = await call(t.app, 'GET', u.path);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Email is already confirmed', alreadyConfirmed: true });
    expect(await statusOf(u.id)).toBe(AccountStatus.CONFIRMED);
  });

  it('says already confirmed for an older or expired link of a confirmed account', async () => {
    const u = await signUp();
    const { resent } = await resend(u);
    expect((await call(t.app, 'GET', resent[0]!)).json().alreadyConfirmed).toBe(false);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, u.id));

    // The first link was never used and has expired since.
    const old = await call(t.app, 'GET', u.path);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ message: 'Email is already confirmed', alreadyConfirmed: true });
  });

  it('refuses a reused link once the account is banned, and keeps the ban', async () => {
    const u = await signUp();
    expect((await call(t.app, 'GET', u.path)).statusCode).toBe(200);
    await t.db.update(users).set({ accountStatus: AccountStatus.BANNED }).where(eq(users.id, u.id));
    const again = await call(t.app, 'GET', u.path);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired confirmation link');
    expect(await statusOf(u.id)).toBe(AccountStatus.BANNED);
  });

  it('refuses an expired link and leaves the account unconfirmed', async () => {
    const u = await signUp();
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, u.id));
    const res = await call(t.app, 'GET', u.path);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired confirmation link');
    expect(await statusOf(u.id)).toBe(AccountStatus.NOT_CONFIRMED);
  });

  it('refuses unknown tokens', async () => {
    const res = await call(t.app, 'GET', '/api/auth/confirm/not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired confirmation link');
  });

  it('never lifts a ban', async () => {
    const u = await signUp();
    await t.db.update(users).set({ accountStatus: AccountStatus.BANNED }).where(eq(users.id, u.id));
    const res = await call(t.app, 'GET', u.path);
    expect(res.statusCode).toBe(400);
    expect(await statusOf(u.id)).toBe(AccountStatus.BANNED);
  });

  it('does not accept a password reset link as a confirmation link', async () => {
    const u = await signUp();
    await call(t.app, 'POST', '/api/auth/forgot-password', {
      payload: { email: u.email },
      ip: nextIp(),
    });
    const mail = await outboxMail(t.config.dataDir, u.email, /Reset/);
    const token = linksOf(mail)[0]!.split('/').at(-1)!;
    const res = await call(t.app, 'GET', `/api/auth/confirm/${token}`);
    expect(res.statusCode).toBe(400);
    expect(await statusOf(u.id)).toBe(AccountStatus.NOT_CONFIRMED);
  });

  describe('resend-confirmation', () => {
    it('needs a signed-in user', async () => {
      const res = await call(t.app, 'POST', '/api/auth/resend-confirmation');
      expect(res.statusCode).toBe(401);
    });

    it('mails a new working link', async () => {
      const u = await signUp();
      const { res, resent } = await resend(u);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Confirmation email sent' });

      expect(resent).toHaveLength(1);
      expect((await call(t.app, 'GET', resent[0]!)).statusCode).toBe(200);
      expect(await statusOf(u.id)).toBe(AccountStatus.CONFIRMED);
    });

    it('refuses when the email is already confirmed', async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await login(t.app, user.email, password);
      const res = await call(t.app, 'POST', '/api/auth/resend-confirmation', { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email is already confirmed');
    });

    it('is rate limited per user', async () => {
      const u = await signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call(t.app, 'POST', '/api/auth/resend-confirmation', {
          cookie: u.cookie,
          ip: nextIp(),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
