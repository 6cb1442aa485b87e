import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus, SupporterStatus } from '@earmark/common';
import { call, member, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist } from '../../../test/catalogue-factories';

type Method = 'GET' | 'POST' | 'PATCH';

/** One admin call: how to make it, and what an admin gets (null: no admin case here). */
interface AdminCall {
  method: Method;
  /** The path under /api, with its query string. */
  path: () => string;
  /** The route as registered, to tell a call this build does not have yet. */
  route: string;
  body?: () => object;
  adminStatus: number | null;
}

/**
 * Every admin call answers 401 to a visitor and 403 to every signed-in
 * account below admin, contributors, trusted contributors and editors alike;
 * an admin gets the call's own answer.
 */
describe('admin calls: who may make them', () => {
  let t: TestApp;
  let target: Member;
  let reportId: string;
  let artists: [string, string];
  const roles: [string, Member | null, number][] = [];
  let adminMember: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    target = await member(t);
    const reporter = await member(t);
    reportId = (
      await ok<{ id: string }>(
        call(t, reporter, 'POST', '/reports', { reason: 'Spam', type: 'user', id: target.user.id }),
        201,
      )
    ).id;
    artists = [(await createArtist(t.db)).id, (await createArtist(t.db)).id];
    roles.push(
      ['visitor', null, 401],
      ['contributor', await member(t), 403],
      [
        'trusted contributor',
        await member(t, { contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR }),
        403,
      ],
      ['editor', await member(t, { contributorStatus: ContributorStatus.EDITOR }), 403],
    );
    adminMember = await member(t, { contributorStatus: ContributorStatus.ADMIN });
  });
  afterAll(async () => t?.close());

  const merge = () => ({
    entityType: 'artist',
    mergeFromId: artists[0],
    mergeIntoId: artists[1],
  });
  const noSubmissions = () => ({ releaseSubmissionIds: ['no-such-submission'] });

  const calls: AdminCall[] = [
    {
      method: 'PATCH',
      path: () => '/admin/user/contributor-status',
      route: '/api/admin/user/contributor-status',
      body: () => ({ userId: target.user.id, status: ContributorStatus.TRUSTED_CONTRIBUTOR }),
      adminStatus: 200,
    },
    {
      method: 'PATCH',
      path: () => '/admin/user/supporter-status',
      route: '/api/admin/user/supporter-status',
      body: () => ({ userId: target.user.id, supporter: SupporterStatus.SUPPORTER }),
      adminStatus: 200,
    },
    {
      method: 'PATCH',
      path: () => '/admin/user/account-status',
      route: '/api/admin/user/account-status',
      body: () => ({ userId: target.user.id, status: AccountStatus.WARNED }),
      adminStatus: 200,
    },
    {
      method: 'POST',
      path: () => '/admin/user/notification',
      route: '/api/admin/user/notification',
      body: () => ({ userId: target.user.id, message: 'Please read the rules.' }),
      adminStatus: 201,
    },
    { method: 'GET', path: () => '/admin/audit', route: '/api/admin/audit', adminStatus: 200 },
    {
      method: 'GET',
      path: () => '/admin/reports?status=open',
      route: '/api/admin/reports',
      adminStatus: 200,
    },
    {
      method: 'PATCH',
      path: () => `/admin/reports/${reportId}`,
      route: '/api/admin/reports/:id',
      body: () => ({ status: 'dismissed', note: 'Not spam' }),
      adminStatus: 200,
    },
    {
      method: 'GET',
      path: () => '/submissions/pending-deletions',
      route: '/api/submissions/pending-deletions',
      adminStatus: 200,
    },
    {
      method: 'POST',
      path: () => '/submissions/process-pending-deletion',
      route: '/api/submissions/process-pending-deletion',
      body: noSubmissions,
      adminStatus: 200,
    },
    {
      method: 'POST',
      path: () => '/submissions/keep-pending-deletion',
      route: '/api/submissions/keep-pending-deletion',
      body: noSubmissions,
      adminStatus: 200,
    },
    // A merge's admin case lives with the merge tests: here it would change the artists above.
    {
      method: 'POST',
      path: () => '/admin/merge',
      route: '/api/admin/merge',
      body: merge,
      adminStatus: null,
    },
    {
      method: 'GET',
      path: () => `/admin/merge/preview?${new URLSearchParams(merge()).toString()}`,
      route: '/api/admin/merge/preview',
      adminStatus: 200,
    },
  ];

  for (const c of calls) {
    it(`${c.method} ${c.route}`, async () => {
      expect(t.app.hasRoute({ method: c.method, url: c.route })).toBe(true);
      for (const [role, who, status] of roles) {
        const res = await call(t, who, c.method, c.path(), c.body?.());
        expect(res.statusCode, `${role}: ${res.body}`).toBe(status);
      }
      if (c.adminStatus !== null) {
        const res = await call(t, adminMember, c.method, c.path(), c.body?.());
        expect(res.statusCode, res.body).toBe(c.adminStatus);
      }
    });
  }

  it('left the refused calls without effect', async () => {
    // The report was closed by the admin alone, once: a second close is a conflict.
    const again = await call(t, adminMember, 'PATCH', `/admin/reports/${reportId}`, {
      status: 'resolved',
    });
    expect(again.statusCode).toBe(409);
  });
});
