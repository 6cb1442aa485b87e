import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  DELETED_ACCOUNT_MESSAGE,
  OWN_ACCOUNT_STATUS_MESSAGE,
  type AuditPage,
  ContributorStatus,
  LAST_ADMIN_MESSAGE,
  NotificationKind,
  SupporterStatus,
} from '@earmark/common';
import { notificationsOf, recordingPublisher } from '../comments/test-support';
import { changeAccountStatus } from '../users/service';
import { users } from '../../db/schema/users';
import { call, member, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';

describe('admin status calls', () => {
  let t: TestApp;
  let admin: Member;
  let someone: Member;
  const { events, publisher } = recordingPublisher();

  beforeAll(async () => {
    t = await buildTestApp({ deps: { publisher } });
    // The first start made an admin; these tests want to be the only one.
    await t.db
      .update(users)
      .set({ contributorStatus: ContributorStatus.CONTRIBUTOR })
      .where(eq(users.contributorStatus, ContributorStatus.ADMIN));
    admin = await member(t, { contributorStatus: ContributorStatus.ADMIN });
    someone = await member(t);
  });
  afterAll(async () => t?.close());

  const setStatus = (who: Member | null, userId: string, status: unknown) =>
    call(t, who, 'PATCH', '/admin/user/contributor-status', { userId, status });
  const statusOf = async (id: string) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]!.contributorStatus;

  it('lets an admin set a contributor status and answers the user', async () => {
    const { user } = await ok<{ user: { id: string; contributorStatus: number } }>(
      setStatus(admin, someone.user.id, ContributorStatus.TRUSTED_CONTRIBUTOR),
    );
    expect(user).toMatchObject({ id: someone.user.id, contributorStatus: 40 });
    expect(await statusOf(someone.user.id)).toBe(40);
  });

  it('refuses signed-out callers, non-admins and values outside the enum', async () => {
    expect((await setStatus(null, someone.user.id, 60)).statusCode).toBe(401);
    const editor = await member(t, { contributorStatus: ContributorStatus.EDITOR });
    const refused = await setStatus(editor, someone.user.id, 80);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(someone.user.id)).toBe(40);
    const bad = await setStatus(admin, someone.user.id, 30);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      'status must be one of the following values: 0, 20, 40, 60, 80',
    );
    expect((await setStatus(admin, 'nobody-here', 20)).statusCode).toBe(404);
  });

  it('never demotes the last admin, but demotes one of two', async () => {
    const last = await setStatus(admin, admin.user.id, ContributorStatus.EDITOR);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMIN_MESSAGE);
    expect(await statusOf(admin.user.id)).toBe(ContributorStatus.ADMIN);

    const second = await member(t, { contributorStatus: ContributorStatus.ADMIN });
    await ok(setStatus(second, admin.user.id, ContributorStatus.EDITOR));
    expect(await statusOf(admin.user.id)).toBe(ContributorStatus.EDITOR);
    const now = await setStatus(second, second.user.id, ContributorStatus.CONTRIBUTOR);
    expect(now.statusCode).toBe(409);
    await ok(setStatus(second, admin.user.id, ContributorStatus.ADMIN));
  });

  it('sets the supporter badge', async () => {
    const path = '/admin/user/supporter-status';
    const body = { userId: someone.user.id, supporter: SupporterStatus.SUPPORTER };
    expect((await call(t, someone, 'PATCH', path, body)).statusCode).toBe(403);
    const { user } = await ok<{ user: { supporter: number } }>(call(t, admin, 'PATCH', path, body));
    expect(user.supporter).toBe(10);
    const bad = await call(t, admin, 'PATCH', path, { ...body, supporter: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('supporter must be one of the following values: 0, 10');
  });

  it('sends a user a message that is stored and pushed live', async () => {
    const path = '/admin/user/notification';
    const body = { userId: someone.user.id, message: 'Welcome aboard', link: '/contributing' };
    expect((await call(t, null, 'POST', path, body)).statusCode).toBe(401);
    expect((await call(t, someone, 'POST', path, body)).statusCode).toBe(403);
    const sent = await ok<{ id: string; message: string }>(call(t, admin, 'POST', path, body), 201);
    expect(sent).toMatchObject({ message: 'Welcome aboard', link: '/contributing', user: null });
    const [stored] = await notificationsOf(t, someone);
    expect(stored).toMatchObject({ id: sent.id, kind: NotificationKind.OTHER, read: false });
    expect(events.at(-1)).toMatchObject({ type: 'notification', userId: someone.user.id });

    const cases: [object, string][] = [
      [{ ...body, message: '' }, 'message must be longer than or equal to 1 characters'],
      [{ ...body, message: 'x'.repeat(1001) }, 'message must be shorter than or equal to 1000'],
      [{ ...body, link: 'javascript:alert(1)' }, 'link must be a path on this site'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(t, admin, 'POST', path, payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain(message);
    }
    expect((await call(t, admin, 'POST', path, { ...body, userId: 'nobody' })).statusCode).toBe(
      404,
    );
  });

  it('lists supporters and trusted contributors publicly, without hidden accounts', async () => {
    const [trusted, editor, banned, supporter] = await Promise.all([
      member(t, { contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR }),
      member(t, { contributorStatus: ContributorStatus.EDITOR }),
      member(t, { contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR }),
      member(t, { supporter: SupporterStatus.SUPPORTER }),
    ]);
    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.BANNED);
    type Page = { users: { id: string; username: string }[]; totalItems: number };
    const ids = async (type: string) =>
      (await ok<Page>(call(t, null, 'GET', `/users?type=${type}`))).users.map((u) => u.id);

    const trustedIds = await ids('trusted');
    expect(trustedIds).toEqual(expect.arrayContaining([trusted.user.id, editor.user.id]));
    expect(trustedIds).not.toContain(banned.user.id);
    expect(trustedIds).not.toContain(supporter.user.id);
    const page = await ok<Page>(call(t, null, 'GET', '/users?type=trusted'));
    const names = page.users.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.totalItems).toBe(page.users.length);

    expect(await ids('supporter')).toContain(supporter.user.id);
    expect((await call(t, null, 'GET', '/users?type=editors')).statusCode).toBe(400);
    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.CONFIRMED);
    expect(await ids('trusted')).toContain(banned.user.id);
  });

  it('keeps an audit log of every admin action, newest first, for admins only', async () => {
    const target = await member(t);
    await ok(
      call(t, admin, 'PATCH', '/admin/user/contributor-status', {
        userId: target.user.id,
        status: ContributorStatus.EDITOR,
      }),
    );
    await ok(
      call(t, admin, 'PATCH', '/admin/user/supporter-status', {
        userId: target.user.id,
        supporter: SupporterStatus.SUPPORTER,
      }),
    );
    // A refused change leaves no entry.
    await call(t, admin, 'PATCH', '/admin/user/contributor-status', {
      userId: target.user.id,
      status: 7,
    });
    expect((await call(t, null, 'GET', '/admin/audit')).statusCode).toBe(401);
    expect((await call(t, target, 'GET', '/admin/audit')).statusCode).toBe(403);

    const log = await ok<AuditPage>(call(t, admin, 'GET', '/admin/audit?pageSize=2'));
    expect(
      log.actions.map(({ action, targetId, before, after, actor }) => ({
        action,
        targetId,
        before,
        after,
        actor: actor?.id,
      })),
    ).toEqual([
      {
        action: 'supporter-status',
        targetId: target.user.id,
        before: { supporter: 0 },
        after: { supporter: 10 },
        actor: admin.user.id,
      },
      {
        action: 'contributor-status',
        targetId: target.user.id,
        before: { contributorStatus: 20 },
        after: { contributorStatus: 60 },
        actor: admin.user.id,
      },
    ]);
    expect(log.totalItems).toBeGreaterThan(2);
    const next = await ok<AuditPage>(
      call(t, admin, 'GET', `/admin/audit?pageSize=2&cursor=${log.nextCursor}`),
    );
    expect(next.actions[0]!.createdAt <= log.actions[1]!.createdAt).toBe(true);
    expect(next.actions.map((a) => a.id)).not.toContain(log.actions[0]!.id);
  });

  describe('account status', () => {
    const setAccount = (who: Member | null, userId: string, status: unknown) =>
      call(t, who, 'PATCH', '/admin/user/account-status', { userId, status });

    it('bans: the sessions end, the profile hides, sign-in is refused; an unban restores', async () => {
      const target = await member(t);
      await ok(call(t, target, 'GET', '/users/me'));
      expect((await setAccount(null, target.user.id, AccountStatus.BANNED)).statusCode).toBe(401);
      expect((await setAccount(someone, target.user.id, AccountStatus.BANNED)).statusCode).toBe(
        403,
      );
      const bad = await setAccount(admin, target.user.id, 30);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().message)).toContain(
        'status must be one of the following values: 10, 20, 50, 80, 100',
      );

      const { user } = await ok<{ user: { accountStatus: number } }>(
        setAccount(admin, target.user.id, AccountStatus.BANNED),
      );
      expect(user.accountStatus).toBe(AccountStatus.BANNED);
      expect((await call(t, target, 'GET', '/users/me')).statusCode).toBe(401);
      const profile = `/users/username/${target.user.username}`;
      expect((await call(t, null, 'GET', profile)).statusCode).toBe(404);
      expect((await call(t, admin, 'GET', profile)).statusCode).toBe(200);

      await ok(setAccount(admin, target.user.id, AccountStatus.CONFIRMED));
      expect((await call(t, null, 'GET', profile)).statusCode).toBe(200);
    });

    it('keeps warned a state only admins see', async () => {
      const target = await member(t);
      await ok(setAccount(admin, target.user.id, AccountStatus.WARNED));
      const profile = `/users/username/${target.user.username}`;
      const seen = await ok<{ accountStatus?: number }>(call(t, someone, 'GET', profile));
      expect(seen.accountStatus).toBeUndefined();
      const adminSees = await ok<{ accountStatus?: number }>(call(t, admin, 'GET', profile));
      expect(adminSees.accountStatus).toBe(AccountStatus.WARNED);
      await ok(call(t, target, 'GET', '/users/me'));
    });

    it('deletes for good: the account is anonymised and cannot be changed again', async () => {
      const target = await member(t, { name: 'Real Name' });
      const { user } = await ok<{ user: { username: string; name: string | null } }>(
        setAccount(admin, target.user.id, AccountStatus.DELETED),
      );
      expect(user.username).toMatch(/^deleted-[0-9a-f]{20}$/);
      expect(user.name).toBeNull();
      const [row] = await t.db.select().from(users).where(eq(users.id, target.user.id));
      expect(row).toMatchObject({ email: `${user.username}@deleted.invalid`, imageSm: null });
      expect((await call(t, target, 'GET', '/users/me')).statusCode).toBe(401);
      const again = await setAccount(admin, target.user.id, AccountStatus.CONFIRMED);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(DELETED_ACCOUNT_MESSAGE);
    });

    it('never changes its own status nor leaves no active admin', async () => {
      const own = await setAccount(admin, admin.user.id, AccountStatus.BANNED);
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe(OWN_ACCOUNT_STATUS_MESSAGE);
      // Only `admin` and `other` are admins here.
      await t.db
        .update(users)
        .set({ contributorStatus: ContributorStatus.CONTRIBUTOR })
        .where(
          and(eq(users.contributorStatus, ContributorStatus.ADMIN), ne(users.id, admin.user.id)),
        );
      // Another admin may be banned while one stays active.
      const other = await member(t, { contributorStatus: ContributorStatus.ADMIN });
      await ok(setAccount(admin, other.user.id, AccountStatus.BANNED));
      // A banned admin no longer counts: the only active one cannot step down.
      const last = await call(t, admin, 'PATCH', '/admin/user/contributor-status', {
        userId: admin.user.id,
        status: ContributorStatus.EDITOR,
      });
      expect(last.statusCode).toBe(409);
      await ok(setAccount(admin, other.user.id, AccountStatus.CONFIRMED));
    });
  });
});
