import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { users } from '../../db/schema/index';
import { buildTestApp, uniqueName, type TestApp } from '../../../test/helpers';
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
  return { email, id: res.json().user.id as string };
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
