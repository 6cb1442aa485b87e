import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus, SupporterStatus } from '@earmark/common';
import {
  assertNoSecrets,
  buildTestApp,
  createUser,
  login,
  uniqueName,
  type TestApp,
} from '../../../test/helpers';

describe('users: me and profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('answers /me with the signed-in account and 401 when signed out', async () => {
    const { user, password } = await createUser(t.db, { name: 'Ada' });
    const cookie = await login(t.app, user.email, password);

    const res = await get('/api/users/me', cookie);
    expect(res.statusCode).toBe(200);
    assertNoSecrets(res.body);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      name: 'Ada',
      image: null,
      supporter: SupporterStatus.NOT_A_SUPPORTER,
      contributorStatus: ContributorStatus.CONTRIBUTOR,
      accountStatus: AccountStatus.CONFIRMED,
      createdAt: user.createdAt.toISOString(),
      email: user.email,
      allowExplicitCoverArt: [],
      theme: null,
    });

    const out = await get('/api/users/me');
    expect(out.statusCode).toBe(401);
    expect(out.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('shows a public profile with counts, without email or account status', async () => {
    const username = `Mixed${uniqueName()}`;
    const { user } = await createUser(t.db, {
      username,
      supporter: SupporterStatus.SUPPORTER,
      entriesCount: 12,
      reviewsCount: 3,
      listsCount: 2,
      followersCount: 7,
      followingCount: 5,
    });
    const viewer = await createUser(t.db);
    const cookie = await login(t.app, viewer.user.email, viewer.password);

    for (const c of [undefined, cookie]) {
      // Looked up case-insensitively.
      const res = await get(`/api/users/username/${username.toLowerCase()}`, c);
      expect(res.statusCode).toBe(200);
      assertNoSecrets(res.body);
      expect(res.json()).toEqual({
        id: user.id,
        username,
        name: null,
        image: null,
        supporter: SupporterStatus.SUPPORTER,
        contributorStatus: ContributorStatus.CONTRIBUTOR,
        createdAt: user.createdAt.toISOString(),
        counts: { entries: 12, reviews: 3, lists: 2, followers: 7, following: 5 },
        // Only a signed-in viewer is told whether they follow the user.
        ...(c ? { followedByViewer: false } : {}),
      });
    }
  });

  it('shows the account status to admins only', async () => {
    const { user } = await createUser(t.db, { accountStatus: AccountStatus.WARNED });
    const admin = await createUser(t.db, { contributorStatus: ContributorStatus.ADMIN });
    const cookie = await login(t.app, admin.user.email, admin.password);

    const asAdmin = await get(`/api/users/username/${user.username}`, cookie);
    expect(asAdmin.json()).toMatchObject({ id: user.id, accountStatus: AccountStatus.WARNED });
    expect(asAdmin.json()).not.toHaveProperty('email');

    const asVisitor = await get(`/api/users/username/${user.username}`);
    expect(asVisitor.json()).not.toHaveProperty('accountStatus');
  });

  it('hides banned and deleted accounts from everyone but admins', async () => {
    const admin = await createUser(t.db, { contributorStatus: ContributorStatus.ADMIN });
    const adminCookie = await login(t.app, admin.user.email, admin.password);
    const viewer = await createUser(t.db);
    const viewerCookie = await login(t.app, viewer.user.email, viewer.password);

    for (const accountStatus of [AccountStatus.BANNED, AccountStatus.DELETED]) {
      const { user } = await createUser(t.db, { accountStatus });
      for (const c of [undefined, viewerCookie]) {
        const res = await get(`/api/users/username/${user.username}`, c);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'User not found',
        });
      }
      const res = await get(`/api/users/username/${user.username}`, adminCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().accountStatus).toBe(accountStatus);
    }
  });

  it('answers 404 for an unknown username', async () => {
    const res = await get('/api/users/username/nobody-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});
