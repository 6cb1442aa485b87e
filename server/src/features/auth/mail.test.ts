import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { users } from '../../db/schema/index';
import { transact } from '../../lib/unit-of-work';
import {
  buildTestApp,
  createUser,
  sessionCookie,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';
import { FORGOT_PASSWORD_REPLY } from './password-service';
import { MAIL_NOT_SENT, signUp as signUpService } from './service';
import {
  call,
  linksOf,
  nextIp,
  parseMail,
  startSmtpReceiver,
  waitFor,
  type ParsedMail,
} from './test-support';

async function signUp(t: TestApp) {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const res = await call(t.app, 'POST', '/api/auth/signup', {
    payload: { email, username, password: 'secret1' },
    ip: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  return { email, id: res.json().user.id as string, cookie: sessionCookie(res) };
}

function expectConfirmMail(mail: ParsedMail, email: string, publicUrl: string): string {
  expect(mail.to).toContain(email);
  expect(mail.subject).toBe('Confirm your Earmark account');
  const links = linksOf(mail);
  expect(links).toHaveLength(1);
  const link = links[0]!;
  expect(link).toMatch(new RegExp(`^${publicUrl}/account/confirm/[\\w-]{20,}$`));
  expect(mail.text).toContain('Earmark');
  expect(mail.html).toContain(`href="${link}"`);
  return link;
}

describe('confirmation mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers a link that confirms the account', async () => {
    const { email, id } = await signUp(t);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    const link = expectConfirmMail(mail, email, t.config.publicUrl);

    // The web page at /account/confirm/{token} calls this endpoint with the token.
    const token = link.split('/').at(-1)!;
    const res = await call(t.app, 'GET', `/api/auth/confirm/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Email confirmed successfully',
      alreadyConfirmed: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.accountStatus).toBe(AccountStatus.CONFIRMED);
  });

  it('sends no mail for a sign-up whose transaction fails', async () => {
    const input = () => {
      const username = uniqueName();
      return { email: `${username}@example.com`, username, password: 'secret1' };
    };
    const [noSession, laterFailure] = [input(), input()];
    // The session cannot be written: the whole sign-up rolls back.
    await expect(
      signUpService(t.app, noSession, () => Promise.reject(new Error('no session'))),
    ).rejects.toThrow('no session');
    // The sign-up succeeds inside a caller's unit of work, which then fails.
    await expect(
      transact(t.app.writer, async (uow) => {
        await signUpService(t.app, laterFailure, async () => undefined, uow);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');

    // A sign-up that commits afterwards is mailed; neither of those ever is.
    const { email } = await signUp(t);
    await waitFor(() => smtp.received.find((m) => m.to.includes(email)));
    const failed = [noSession.email, laterFailure.email];
    expect(smtp.received.filter((m) => failed.some((f) => m.to.includes(f)))).toEqual([]);
    expect(await t.db.select().from(users).where(inArray(users.email, failed))).toEqual([]);
  });
});

describe('reset mail while the mail server is slow', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ hold: true });
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.close();
  });

  it('answers before the mail server has taken the mail, which then arrives', async () => {
    const { user } = await createUser(t.db);
    // The server holds the message until released: a reply that waited for it would never come.
    const res = await call(t.app, 'POST', '/api/auth/forgot-password', {
      payload: { email: user.email },
      ip: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_REPLY });
    expect(smtp.received).toEqual([]);

    await waitFor(() => (smtp.held() > 0 ? true : undefined));
    smtp.release();
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(user.email)));
    expect(mail.subject).toMatch(/Reset/);
    expect(linksOf(mail)[0]).toMatch(/\/account\/password\/new\/[\w-]{20,}$/);
  });
});

describe('sign-up while the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was just free: nothing listens there any more.
    const gone = await startSmtpReceiver();
    await gone.close();
    t = await buildTestApp({ env: { SMTP_URL: gone.url } });
  });
  afterAll(async () => t?.close());

  it('still creates the account (the user can ask for the mail again)', async () => {
    const { email, id } = await signUp(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.email).toBe(email);
  });

  it('says so when the mail asked for again cannot be sent', async () => {
    const { cookie } = await signUp(t);
    const res = await call(t.app, 'POST', '/api/auth/resend-confirmation', { cookie });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MAIL_NOT_SENT);
  });
});

describe('confirmation mail in the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('writes an .eml file with the link', async () => {
    const { email } = await signUp(t);
    const dir = path.join(t.config.dataDir, 'outbox');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMail(await fs.readFile(path.join(dir, files[0]!), 'utf8'));
    expectConfirmMail(mail, email, t.config.publicUrl);
  });
});
