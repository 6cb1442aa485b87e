import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, CommentTargetKind, type ReportType } from '@earmark/common';
import { reports } from '../../db/schema/comments';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import { makeReview, postComment } from '../comments/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createLabel, createRelease } from '../../../test/catalogue-factories';
import { REPORTS_PER_HOUR } from './routes';

describe('reports', () => {
  let t: TestApp;
  let reporter: Member;
  let owner: Member;
  let targets: Record<ReportType, string>;
  let draft: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [reporter, owner] = (await members(t, 2)) as [Member, Member];
    const release = await createRelease(t.db);
    const review = await makeReview(t, owner, release.id);
    const comment = await postComment(t, owner, CommentTargetKind.REVIEW, review);
    draft = await makeList(t, owner, {});
    targets = {
      release: release.id,
      artist: (await createArtist(t.db)).id,
      label: (await createLabel(t.db)).id,
      user: owner.user.id,
      review,
      list: await makeList(t, owner, {}, { publish: true }),
      comment: comment.id,
    };
  });
  afterAll(async () => t?.close());

  const report = (who: Member | null, type: string, id: string, reason = 'Spam') =>
    call(t, who, 'POST', '/reports', { reason, type, id });

  it('files a report on each kind of thing, once while it is open', async () => {
    for (const [type, id] of Object.entries(targets)) {
      const { id: reportId } = await ok<{ id: string }>(report(reporter, type, id), 201);
      const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
      expect(row).toMatchObject({
        userId: reporter.user.id,
        type,
        targetId: id,
        reason: 'Spam',
        status: 'open',
      });
      const again = await report(reporter, type, id, 'Still spam');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already reported this');
    }
    // Someone else may report the same thing; a closed report allows a new one.
    await ok(report(owner, 'release', targets.release), 201);
    await t.db.update(reports).set({ status: 'resolved', resolvedAt: new Date() });
    await ok(report(reporter, 'release', targets.release), 201);
  });

  it('answers 404 for what does not exist or cannot be seen', async () => {
    // Every request counts towards the hourly limit: a fresh reporter.
    const [reporter] = (await members(t, 1)) as [Member];
    for (const type of Object.keys(targets)) {
      expect((await report(reporter, type, 'nothing')).statusCode).toBe(404);
    }
    const hidden = await report(reporter, 'list', draft);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('List not found');
    const [gone] = await members(t, 1, { accountStatus: AccountStatus.BANNED });
    expect((await report(reporter, 'user', gone!.user.id)).statusCode).toBe(404);
  });

  it('refuses bad input in the product wording, and visitors', async () => {
    const [reporter] = (await members(t, 1)) as [Member];
    expect((await report(null, 'release', targets.release)).statusCode).toBe(401);
    const bad = await call(t, reporter, 'POST', '/reports', {
      reason: '',
      type: 'song',
      id: targets.release,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([
      'reason must be longer than or equal to 1 characters',
      'type must be one of the following values: release, artist, label, user, review, list, comment',
    ]);
    const long = await report(reporter, 'release', targets.release, 'x'.repeat(1001));
    expect(long.json().message).toEqual([
      'reason must be shorter than or equal to 1000 characters',
    ]);
  });

  it('is described, with the comments and notifications, in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/comments',
        '/api/comments/{id}',
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/mark-all-read',
        '/api/reports',
      ]),
    );
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per account`, async () => {
    const [busy] = await members(t, 1);
    const many = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR }, () => createRelease(t.db)),
    );
    for (const r of many) await ok(report(busy!, 'release', r.id), 201);
    expect((await report(busy!, 'release', targets.release)).statusCode).toBe(429);
  });
});
