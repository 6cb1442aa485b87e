import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentTargetKind,
  ReleaseType,
  SubmissionStatus,
  type AuditPage,
  type PendingDeletionImpact,
} from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { submissions } from '../../db/schema/submissions';
import { call, expectCountersConsistent, ok, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import { postComment } from '../comments/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createGenre, createRelease } from '../../../test/catalogue-factories';
import {
  admin,
  artistPayload,
  contributor,
  editor,
  submitAs,
  trustedMembers,
  voteAs,
  votesOf,
} from './test-support';

describe('pending deletions: what processing removes, and keeping instead', () => {
  let t: TestApp;
  let boss: Member;
  let release: { id: string; entityId: string };
  let artist: { id: string; entityId: string };

  beforeAll(async () => {
    t = await buildTestApp();
    boss = await admin(t);
    const fan = await contributor(t);
    release = await submitAs(t, await contributor(t), 'release', {
      title: 'Doubtful Record',
      type: ReleaseType.LP,
      artistsIds: [(await createArtist(t.db)).id],
      note: 'New',
    });
    const releaseId = release.entityId;
    // What hangs on the release before its creation is voted down.
    await ok(call(t, fan, 'POST', '/entries', { releaseId, rating: 70, review: 'Hm.' }), 201);
    await makeList(t, fan, { title: 'Maybe' }, { releases: [{ id: releaseId }] });
    const genreId = (await createGenre(t.db)).id;
    await ok(call(t, fan, 'POST', '/genres/rg', { releaseId, genreId, vote: 1 }));
    await postComment(t, fan, CommentTargetKind.RELEASE, releaseId);
    await postComment(t, fan, CommentTargetKind.RELEASE_SUBMISSION, release.id, 'Real?');
    const card = await votesOf(t, await trustedMembers(t, 3), 'release', release.id, -1);
    expect(card.submissionStatus).toBe(SubmissionStatus.PENDING_ENTITY_DELETION);

    artist = await submitAs(t, await contributor(t), 'artist', artistPayload('Doubtful Band'));
    await createRelease(t.db, { artists: [{ id: artist.entityId }] });
    await ok(voteAs(t, boss, 'artist', artist.id, -1));
  });
  afterAll(async () => t?.close());

  const impact = () =>
    ok<PendingDeletionImpact>(call(t, boss, 'GET', '/submissions/pending-deletions'));
  const countsOf = (item: PendingDeletionImpact['items'][number]) =>
    Object.fromEntries(item.removes.map((line) => [line.key, line.count]));

  it('lists each pending entity by name with what processing it removes', async () => {
    const { items } = await impact();
    expect(items.map((i) => [i.kind, i.submissionId, i.entityId, i.name])).toEqual([
      ['release', release.id, release.entityId, 'Doubtful Record'],
      ['artist', artist.id, artist.entityId, 'Doubtful Band'],
    ]);
    expect(countsOf(items[0]!)).toEqual({
      entries: 1,
      listItems: 1,
      tracks: 0,
      genreVotes: 1,
      comments: 1,
      submissions: 1,
      submissionComments: 1,
    });
    expect(items[0]!.removes[0]).toEqual({
      key: 'entries',
      label: 'Ratings and reviews',
      count: 1,
    });
    expect(countsOf(items[1]!)).toEqual({
      releaseLinks: 1,
      submissions: 1,
      submissionComments: 0,
    });
  });

  it('answers 401 signed out and 403 to anyone but an admin', async () => {
    expect((await call(t, null, 'GET', '/submissions/pending-deletions')).statusCode).toBe(401);
    const refused = await call(t, await editor(t), 'GET', '/submissions/pending-deletions');
    expect(refused.statusCode).toBe(403);
    const keep = await call(t, await editor(t), 'POST', '/submissions/keep-pending-deletion', {
      releaseSubmissionIds: [release.id],
    });
    expect(keep.statusCode).toBe(403);
    const [row] = await t.db.select().from(releases).where(eq(releases.id, release.entityId));
    expect(row!.pendingDeletion).toBe(true);
  });

  it('keeps an entity: shown again, its submission approved, logged, counters right', async () => {
    const body = { releaseSubmissionIds: [release.id] };
    expect((await call(t, null, 'GET', `/releases/${release.entityId}`)).statusCode).toBe(404);
    const reply = await ok(call(t, boss, 'POST', '/submissions/keep-pending-deletion', body));
    expect(reply).toEqual({ kept: { releases: 1, artists: 0, labels: 0, genres: 0 } });

    const shown = await ok<{ stats: { ratingsCount: number } }>(
      call(t, null, 'GET', `/releases/${release.entityId}`),
    );
    expect(shown.stats.ratingsCount).toBe(1);
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, release.id));
    expect(row!.status).toBe(SubmissionStatus.APPROVED);
    expect(row!.appliedAt).not.toBeNull();
    await expectCountersConsistent(t);

    const audit = await ok<AuditPage>(call(t, boss, 'GET', '/admin/audit'));
    expect(audit.actions.find((a) => a.targetId === release.entityId)).toMatchObject({
      action: 'keep-pending-deletion',
      targetType: 'release',
      actor: { id: boss.user.id },
      before: { pendingDeletion: true },
      after: { pendingDeletion: false, kept: true },
    });
    // Kept once: it is no longer pending, and keeping it again changes nothing.
    expect((await impact()).items.map((i) => i.submissionId)).toEqual([artist.id]);
    const again = await ok(call(t, boss, 'POST', '/submissions/keep-pending-deletion', body));
    expect(again).toEqual({ kept: { releases: 0, artists: 0, labels: 0, genres: 0 } });
  });

  it('still processes what was not kept', async () => {
    const reply = await ok(
      call(t, boss, 'POST', '/submissions/process-pending-deletion', {
        artistSubmissionIds: [artist.id],
      }),
    );
    expect(reply).toEqual({ deleted: { releases: 0, artists: 1, labels: 0, genres: 0 } });
    expect((await impact()).items).toEqual([]);
    await expectCountersConsistent(t);
  });
});
