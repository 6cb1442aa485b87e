import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentTargetKind,
  ContributorStatus,
  REPORT_ALREADY_CLOSED_MESSAGE,
  type AuditPage,
  type ReportEntry,
  type ReportType,
  type ReportsPage,
} from '@earmark/common';
import { reports } from '../../db/schema/comments';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import { makeReview, postComment } from '../comments/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createLabel, createRelease } from '../../../test/catalogue-factories';

describe('reports queue', () => {
  let t: TestApp;
  let admin: Member;
  let reporter: Member;
  let owner: Member;
  let targets: Record<ReportType, string>;
  let releaseId: string;
  let reviewId: string;
  /** Report ids by kind, in the order they were filed. */
  const filed: [ReportType, string][] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    [admin] = (await members(t, 1, { contributorStatus: ContributorStatus.ADMIN })) as [Member];
    [reporter, owner] = (await members(t, 2)) as [Member, Member];
    const release = await createRelease(t.db, { title: 'Reported Record' });
    releaseId = release.id;
    reviewId = await makeReview(t, owner, release.id);
    const comment = await postComment(t, owner, CommentTargetKind.REVIEW, reviewId);
    targets = {
      release: release.id,
      artist: (await createArtist(t.db, { name: 'Reported Artist' })).id,
      label: (await createLabel(t.db, { name: 'Reported Label' })).id,
      user: owner.user.id,
      review: reviewId,
      list: await makeList(t, owner, { title: 'Reported List' }, { publish: true }),
      comment: comment.id,
    };
    for (const [type, id] of Object.entries(targets) as [ReportType, string][]) {
      const { id: reportId } = await ok<{ id: string }>(
        call(t, reporter, 'POST', '/reports', { reason: `About the ${type}`, type, id }),
        201,
      );
      filed.push([type, reportId]);
    }
    // Filed a second apart each, so the order is plain to read.
    for (const [i, [, id]] of filed.entries()) {
      await t.db
        .update(reports)
        .set({ createdAt: sql`now() - make_interval(secs => ${100 - i})` })
        .where(eq(reports.id, id));
    }
  });
  afterAll(async () => t?.close());

  const queue = (query = '') => ok<ReportsPage>(call(t, admin, 'GET', `/admin/reports${query}`));
  const close = (id: string, body: object, who: Member | null = admin) =>
    call(t, who, 'PATCH', `/admin/reports/${id}`, body);

  it('lists open reports oldest first, each named and linked', async () => {
    const page = await queue();
    expect(page.reports.map((r) => r.id)).toEqual(filed.map(([, id]) => id));
    expect(page.totalItems).toBe(7);
    const byType = Object.fromEntries(page.reports.map((r) => [r.type, r]));
    const username = owner.user.username;
    expect(byType.release).toMatchObject({
      targetLabel: 'Reported Record',
      link: `/release/${releaseId}`,
      reason: 'About the release',
      status: 'open',
      note: null,
      resolvedAt: null,
      reporter: { id: reporter.user.id, username: reporter.user.username },
    });
    expect(byType.artist).toMatchObject({
      targetLabel: 'Reported Artist',
      link: `/artist/${targets.artist}`,
    });
    expect(byType.label).toMatchObject({
      targetLabel: 'Reported Label',
      link: `/label/${targets.label}`,
    });
    expect(byType.user).toMatchObject({ targetLabel: username, link: `/${username}` });
    expect(byType.review).toMatchObject({
      targetLabel: `${username}'s review of Reported Record`,
      link: `/review/${reviewId}`,
    });
    expect(byType.list).toMatchObject({
      targetLabel: 'Reported List',
      link: `/list/${targets.list}`,
    });
    // A comment is named by its start and links to the page of its thread.
    expect(byType.comment!.link).toBe(`/review/${reviewId}`);
    expect(byType.comment!.targetLabel).toEqual(expect.any(String));
  });

  it('pages by cursor without overlap', async () => {
    const first = await queue('?pageSize=3');
    expect(first.reports).toHaveLength(3);
    const second = await queue(`?pageSize=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const third = await queue(`?pageSize=3&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect([...first.reports, ...second.reports, ...third.reports].map((r) => r.id)).toEqual(
      filed.map(([, id]) => id),
    );
    expect(third.nextCursor).toBeNull();
    // A cursor of the open queue is not one of the closed queue.
    const mixed = await call(
      t,
      admin,
      'GET',
      `/admin/reports?status=resolved&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(mixed.statusCode).toBe(400);
  });

  it('closes a report once, with a note and an audit entry; closed ones read newest first', async () => {
    const [, releaseReport] = filed[0]!;
    const [, userReport] = filed[3]!;
    const [, listReport] = filed[5]!;
    const closed = await ok<ReportEntry>(
      close(releaseReport, { status: 'resolved', note: 'Fixed the title' }),
    );
    expect(closed).toMatchObject({
      id: releaseReport,
      status: 'resolved',
      note: 'Fixed the title',
    });
    expect(closed.resolvedAt).toEqual(expect.any(String));
    await ok(close(userReport, { status: 'resolved' }));
    await ok(close(listReport, { status: 'dismissed', note: null }));

    const again = await close(releaseReport, { status: 'dismissed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_ALREADY_CLOSED_MESSAGE);
    expect((await close('no-such-report', { status: 'resolved' })).statusCode).toBe(404);
    expect((await close(userReport, { status: 'open' })).statusCode).toBe(400);

    // Newest first among the closed of one status.
    expect((await queue('?status=resolved')).reports.map((r) => r.id)).toEqual([
      userReport,
      releaseReport,
    ]);
    expect((await queue('?status=dismissed')).reports.map((r) => r.id)).toEqual([listReport]);
    expect((await queue()).reports.map((r) => r.id)).not.toContain(releaseReport);

    const audit = await ok<AuditPage>(call(t, admin, 'GET', '/admin/audit'));
    const entry = audit.actions.find((a) => a.targetId === releaseReport);
    expect(entry).toMatchObject({
      action: 'report',
      targetType: 'report',
      actor: { id: admin.user.id },
      before: { status: 'open' },
      after: { status: 'resolved', note: 'Fixed the title' },
    });
  });

  it('names nothing once the reported thing is gone', async () => {
    const [, artistReport] = filed[1]!;
    await t.db.execute(sql`delete from artists where id = ${targets.artist}`);
    const page = await queue();
    expect(page.reports.find((r) => r.id === artistReport)).toMatchObject({
      targetLabel: null,
      link: null,
    });
  });

  it('is for admins only', async () => {
    const [, open] = filed[2]!;
    expect((await call(t, null, 'GET', '/admin/reports')).statusCode).toBe(401);
    expect((await call(t, reporter, 'GET', '/admin/reports')).statusCode).toBe(403);
    expect((await close(open, { status: 'resolved' }, reporter)).statusCode).toBe(403);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, open));
    expect(row!.status).toBe('open');
  });
});
