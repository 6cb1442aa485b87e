import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import { accountTokens, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import {
  buildTestApp,
  createUser,
  sessionCookie,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';
import { call, linksOf, nextIp, outboxMail } from './test-support';
import { violatedUniqueIndex } from '../../lib/unique-violation';

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const signUp = (payload: unknown, ip = nextIp()) =>
    call(t.app, 'POST', '/api/auth/signup', { payload, ip });

  it('creates a signed-in, unconfirmed contributor and mails the confirmation link', async () => {
    const username = uniqueName('New');
    const email = `${username}@Example.COM`;
    const res = await signUp({ email, username, password: 'secret1' });
    expect(res.statusCode).toBe(201);

    const { user } = res.json();
    expect(user).toMatchObject({
      username,
      email: email.toLowerCase(),
      accountStatus: AccountStatus.NOT_CONFIRMED,
      contributorStatus: ContributorStatus.CONTRIBUTOR,
      image: null,
      theme: null,
      allowExplicitCoverArt: [],
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(Object.keys(user)).not.toContain('passwordHash');

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(email.toLowerCase());
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    // The cookie is a working session.
    const cookie = sessionCookie(res);
    const me = await call(t.app, 'POST', '/api/auth/resend-confirmation', { cookie });
    expect(me.statusCode).toBe(200);

    const mail = await outboxMail(t.config.dataDir, email.toLowerCase(), /Confirm/);
    const [link] = linksOf(mail);
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/account/confirm/[\\w-]{20,}$`));
    // Only the hash of the token is stored.
    const token = link!.split('/').at(-1)!;
    const stored = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.id)).not.toContain(token);
  });

  it('answers invalid input with the product messages', async () => {
    const res = await signUp({ email: 'not-an-email', username: 'ab', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.arrayContaining([
        'email must be an email',
        'username must be longer than or equal to 3 characters',
        'password must be longer than or equal to 6 characters',
      ]),
    });

    const bad = await signUp({ email: 'a@b.co', username: 'has space', password: 'secret1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([
      'Username can only contain letters, numbers, dashes, underscores, and periods, and should not contain spaces.',
    ]);
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const { user } = await createUser(t.db);
    const res = await signUp({
      email: user.email.toUpperCase(),
      username: uniqueName(),
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Email is already taken',
    });
  });

  it('refuses a username that is taken in another case', async () => {
    const { user } = await createUser(t.db, { username: uniqueName('Mixed') });
    const res = await signUp({
      email: `${uniqueName()}@example.com`,
      username: user.username.toUpperCase(),
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username is already taken');
  });

  it('refuses reserved usernames', async () => {
    for (const username of ['settings', 'Releases', 'API']) {
      const res = await signUp({
        email: `${uniqueName()}@example.com`,
        username,
        password: 'secret1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Username is not available');
    }
  });

  it('lets exactly one of two simultaneous sign-ups with the same email through', async () => {
    const email = `${uniqueName()}@example.com`;
    const results = await Promise.all([
      signUp({ email, username: uniqueName(), password: 'secret1' }),
      signUp({ email, username: uniqueName(), password: 'secret1' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Email is already taken',
    );
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    // The refused one is not signed in.
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.cookies.some((c) => c.name === 'earmark_session' && c.value)).toBe(false);
  });

  it('recognises the database refusing a duplicate (the race the pre-check cannot see)', async () => {
    const { user } = await createUser(t.db);
    const duplicate = (values: Partial<typeof users.$inferInsert>) =>
      t.db
        .insert(users)
        .values({
          id: newId(),
          email: `${uniqueName()}@example.com`,
          username: uniqueName(),
          passwordHash: 'x',
          accountStatus: AccountStatus.CONFIRMED,
          contributorStatus: ContributorStatus.CONTRIBUTOR,
          ...values,
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
    expect(violatedUniqueIndex(await duplicate({ email: user.email }))).toBe('users_email_key');
    expect(violatedUniqueIndex(await duplicate({ username: user.username.toUpperCase() }))).toBe(
      'users_username_lower_key',
    );
    expect(violatedUniqueIndex(new Error('other'))).toBeNull();
  });

  it('limits sign-ups per address', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      // Invalid bodies still count: the limit applies before the body is read.
      last = (await signUp({ email: 'x' }, ip)).statusCode;
    }
    expect(last).toBe(429);
    const res = await signUp({ email: 'x' }, ip);
    expect(res.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests, please try again later.',
    });
  });
});
