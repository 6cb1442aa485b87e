import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContributorStatus, LAST_ADMIN_MESSAGE, SupporterStatus } from '@earmark/common';
import { users } from '../../db/schema/users';
import { call, member, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';

describe('admin status calls', () => {
  let t: TestApp;
  let admin: Member;
  let someone: Member;

  beforeAll(async () => {
    t = await buildTestApp();
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
});
