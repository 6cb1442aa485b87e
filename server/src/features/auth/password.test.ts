import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { accountTokens, sessions, users } from '../../db/schema/index';
import { sha256 } from '../../lib/ids';
import { verifyPassword } from '../../lib/passwords';
import { buildTestApp, createUser, login, uniqueName, type TestApp } from '../../../test/helpers';
import { call, linksOf, nextIp, readOutbox, waitFor } from './test-support';

const FORGOT_REPLY = {
  message: 'If an account exists for this email, a reset link has been sent.',
};

describe('passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const forgot = (email: string) =>
    call(t.app, 'POST', '/api/auth/forgot-password', { payload: { email }, ip: nextIp() });

  const change = (token: string, password: string) =>
    call(t.app, 'POST', '/api/auth/forgot-password-change', {
      payload: { token, password },
      ip: nextIp(),
    });

  const resetMails = async (email: string) =>
    (await readOutbox(t.config.dataDir)).filter(
      (m) => m.to.includes(email) && /Reset/.test(m.subject),
    );

  /** Asks for a reset and returns the token of the new mail. */
  async function resetToken(email: string): Promise<string> {
    const before = (await resetMails(email)).flatMap(linksOf);
    expect((await forgot(email)).json()).toEqual(FORGOT_REPLY);
    const link = await waitFor(async () =>
      (await resetMails(email)).flatMap(linksOf).find((l) => !before.includes(l)),
    );
    expect(link.startsWith(`${t.config.publicUrl}/account/password/new/`)).toBe(true);
    return link.split('/').at(-1)!;
  }

  const sessionCount = async (userId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  const passwordOf = async (userId: string) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;

  describe('forgot-password', () => {
    it('answers the same for unknown and known addresses and mails only real, active accounts', async () => {
      const unknown = `${uniqueName()}@example.com`;
      const { user: banned } = await createUser(t.db, { accountStatus: AccountStatus.BANNED });
      const { user } = await createUser(t.db);

      for (const email of [unknown, banned.email]) {
        const res = await forgot(email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(FORGOT_REPLY);
      }
      // Whether to mail is decided before the reply; the known address's mail
      // arriving shows the outbox is being written.
      await resetToken(user.email);
      expect(await resetMails(unknown)).toHaveLength(0);
      expect(await resetMails(banned.email)).toHaveLength(0);
    });

    it('limits reset mails to one address without ever refusing the request', async () => {
      const { user } = await createUser(t.db);
      // Someone else asks for the owner's address, from many places.
      for (let i = 0; i < 7; i++) {
        const res = await forgot(user.email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(FORGOT_REPLY);
      }
      // The owner asking now gets the same answer, not 429.
      const own = await forgot(user.email);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(FORGOT_REPLY);

      // Five links were made and mailed; the later requests sent nothing.
      const issued = await t.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'reset-password')));
      expect(issued).toHaveLength(5);
      const mails = await waitFor(async () => {
        const found = await resetMails(user.email);
        return found.length >= 5 ? found : undefined;
      });
      expect(mails).toHaveLength(5);

      // The newest mailed link (the one not retired) still lets the owner reset the password.
      const live = issued.find((row) => row.usedAt === null)!;
      const token = mails
        .flatMap(linksOf)
        .map((link) => link.split('/').at(-1)!)
        .find((candidate) => sha256(candidate) === live.id)!;
      expect((await change(token, 'owner-chose-this')).statusCode).toBe(200);
      expect(await verifyPassword(await passwordOf(user.id), 'owner-chose-this')).toBe(true);
    });
  });

  describe('forgot-password-change', () => {
    it('sets the new password, ends every session and works once', async () => {
      const { user, password } = await createUser(t.db);
      const cookieA = await login(t.app, user.email, password);
      await login(t.app, user.email, password);
      expect(await sessionCount(user.id)).toBe(2);

      const token = await resetToken(user.email);
      const res = await change(token, 'brand-new-pw');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password reset successfully' });
      expect(res.cookies.some((c) => c.name === 'earmark_session' && c.value)).toBe(false);

      expect(await sessionCount(user.id)).toBe(0);
      const stale = await call(t.app, 'POST', '/api/auth/resend-confirmation', { cookie: cookieA });
      expect(stale.statusCode).toBe(401);
      expect(await verifyPassword(await passwordOf(user.id), 'brand-new-pw')).toBe(true);
      await login(t.app, user.email, 'brand-new-pw');

      const again = await change(token, 'another-pw');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Invalid or expired password reset link');
    });

    it('refuses an expired link', async () => {
      const { user } = await createUser(t.db);
      const token = await resetToken(user.email);
      await t.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.userId, user.id));
      const res = await change(token, 'brand-new-pw');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid or expired password reset link');
    });

    it('retires older links when a new one is sent', async () => {
      const { user } = await createUser(t.db);
      const older = await resetToken(user.email);
      const newer = await resetToken(user.email);
      expect((await change(older, 'brand-new-pw')).statusCode).toBe(400);
      expect((await change(newer, 'brand-new-pw')).statusCode).toBe(200);
    });

    it('confirms an unconfirmed account, since the link proves the mailbox', async () => {
      const { user } = await createUser(t.db, { accountStatus: AccountStatus.NOT_CONFIRMED });
      expect((await change(await resetToken(user.email), 'brand-new-pw')).statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.accountStatus).toBe(AccountStatus.CONFIRMED);
    });

    it('applies the password rules and refuses unknown tokens', async () => {
      const short = await change('whatever', '123');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toEqual([
        'password must be longer than or equal to 6 characters',
      ]);
      const unknown = await change('not-a-token', 'brand-new-pw');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Invalid or expired password reset link');
    });
  });

  describe('update-password', () => {
    const update = (cookie: string | undefined, payload: object) =>
      call(t.app, 'PUT', '/api/auth/update-password', {
        payload,
        ...(cookie ? { cookie } : {}),
      });

    it('needs a signed-in user', async () => {
      const res = await update(undefined, { currentPassword: 'x', password: 'secret1' });
      expect(res.statusCode).toBe(401);
    });

    it('needs the current password', async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await login(t.app, user.email, password);
      const res = await update(cookie, { currentPassword: 'wrong', password: 'brand-new-pw' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Current password is incorrect');
      expect(await verifyPassword(await passwordOf(user.id), password)).toBe(true);
    });

    it('changes the password and ends the other sessions only', async () => {
      const { user, password } = await createUser(t.db);
      const current = await login(t.app, user.email, password);
      const other = await login(t.app, user.email, password);
      const res = await update(current, { currentPassword: password, password: 'brand-new-pw' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password updated successfully' });

      expect(await sessionCount(user.id)).toBe(1);
      const kept = await update(current, { currentPassword: 'wrong', password: 'x'.repeat(6) });
      expect(kept.statusCode).toBe(400);
      const ended = await update(other, { currentPassword: 'wrong', password: 'x'.repeat(6) });
      expect(ended.statusCode).toBe(401);
      await login(t.app, user.email, 'brand-new-pw');
    });

    it("acts on the session's user, whatever the body says", async () => {
      const a = await createUser(t.db);
      const b = await createUser(t.db);
      const cookie = await login(t.app, a.user.email, a.password);
      const res = await update(cookie, {
        userId: b.user.id,
        currentPassword: a.password,
        password: 'brand-new-pw',
      });
      expect(res.statusCode).toBe(200);
      expect(await verifyPassword(await passwordOf(a.user.id), 'brand-new-pw')).toBe(true);
      expect(await verifyPassword(await passwordOf(b.user.id), b.password)).toBe(true);
    });

    it('applies the password rules to the new password', async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await login(t.app, user.email, password);
      const res = await update(cookie, { currentPassword: password, password: '123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(['password must be longer than or equal to 6 characters']);
    });
  });
});
