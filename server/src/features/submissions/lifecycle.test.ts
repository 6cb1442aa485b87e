import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  CommentTargetKind,
  ReleaseType,
  SubmissionStatus,
  type HistoryPage,
  type PagedReleases,
  type SubmissionDetail,
  type SubmissionsPage,
  type UserContributions,
} from '@earmark/common';
import { artists, releases } from '../../db/schema/catalogue';
import { submissions } from '../../db/schema/submissions';
import { adminActions } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import { call, expectCountersConsistent, ok } from '../entries/test-support';
import { notificationsOf, postComment } from '../comments/test-support';
import { changeAccountStatus } from '../users/service';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createRelease } from '../../../test/catalogue-factories';
import {
  admin,
  artistPayload,
  contributor,
  editor,
  submitAs,
  trusted,
  trustedMembers,
  voteAs,
  votesOf,
} from './test-support';

describe('contributions: discards, pending deletions, lists and visibility', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const releasePayload = (artistId: string, title = 'Dots and Loops') => ({
    title,
    type: ReleaseType.LP,
    artistsIds: [artistId],
    note: 'New',
  });

  it('lets the author discard within the window and without votes, deleting the entity', async () => {
    const who = await contributor(t);
    const made = await submitAs(t, who, 'artist', artistPayload('Short-lived'));
    const other = await call(t, await contributor(t), 'DELETE', `/submissions/artists/${made.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Only the author can discard a contribution');
    await ok(call(t, who, 'DELETE', `/submissions/artists/${made.id}`), 204);
    expect(await t.db.select().from(artists).where(eq(artists.id, made.entityId))).toEqual([]);
    expect((await call(t, null, 'GET', `/submissions/artist/${made.id}`)).statusCode).toBe(404);

    const old = await submitAs(t, who, 'artist', artistPayload('Too old'));
    await t.db
      .update(submissions)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(submissions.id, old.id));
    const late = await call(t, who, 'DELETE', `/submissions/artists/${old.id}`);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'A contribution can only be discarded within an hour of its creation',
    );

    const voted = await submitAs(t, who, 'artist', artistPayload('Voted on'));
    await ok(voteAs(t, await trusted(t), 'artist', voted.id, 1));
    const refused = await call(t, who, 'DELETE', `/submissions/artists/${voted.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A contribution that has votes cannot be discarded');
  });

  it('refuses to discard a create that other things refer to', async () => {
    const who = await contributor(t);
    const artist = await submitAs(t, who, 'artist', artistPayload('Credited'));
    await createRelease(t.db, { artists: [{ id: artist.entityId }] });
    const res = await call(t, who, 'DELETE', `/submissions/artists/${artist.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This artist cannot be discarded because other things refer to it: 1 release credits it',
    );

    const made = await submitAs(t, who, 'release', releasePayload((await createArtist(t.db)).id));
    await ok(
      call(t, await contributor(t), 'POST', '/entries', { releaseId: made.entityId, rating: 80 }),
      201,
    );
    const rated = await call(t, who, 'DELETE', `/submissions/releases/${made.id}`);
    expect(rated.statusCode).toBe(409);
    expect(rated.json().message).toBe(
      'This release cannot be discarded because other things refer to it: 1 entry (rating, review or tags)',
    );
  });

  it('restores the state before when an applied update is discarded, unless a later one was applied', async () => {
    const who = await editor(t);
    const artist = await createArtist(t.db, { name: 'Before', bio: 'Old bio' });
    const edit = await submitAs(
      t,
      who,
      'artist',
      { ...artistPayload('After'), bio: 'New bio' },
      artist.id,
    );
    await ok(call(t, who, 'DELETE', `/submissions/artists/${edit.id}`), 204);
    const [row] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(row).toMatchObject({ name: 'Before', bio: 'Old bio' });

    const first = await submitAs(t, who, 'artist', artistPayload('First'), artist.id);
    await submitAs(t, await editor(t), 'artist', artistPayload('Second'), artist.id);
    const res = await call(t, who, 'DELETE', `/submissions/artists/${first.id}`);
    expect(res.statusCode).toBe(409);

    // An open update discarded leaves the entity alone.
    const open = await submitAs(
      t,
      await contributor(t),
      'artist',
      artistPayload('Open'),
      artist.id,
    );
    await ok(call(t, await contributor(t), 'DELETE', `/submissions/artists/${open.id}`), 403);
  });

  it('hides a disapproved auto-approved create until an admin processes it', async () => {
    const fan = await contributor(t);
    const made = await submitAs(
      t,
      await contributor(t),
      'release',
      releasePayload((await createArtist(t.db)).id, 'Spam'),
    );
    await ok(call(t, fan, 'POST', '/entries', { releaseId: made.entityId, rating: 10 }), 201);
    const listed = await ok<PagedReleases>(call(t, null, 'GET', '/releases?type=recently-added'));
    expect(listed.releases.map((r) => r.id)).toContain(made.entityId);

    const card = await votesOf(t, await trustedMembers(t, 3), 'release', made.id, -1);
    expect(card.submissionStatus).toBe(SubmissionStatus.PENDING_ENTITY_DELETION);
    expect(card.appliedAt).toBeNull();
    expect((await call(t, null, 'GET', `/releases/${made.entityId}`)).statusCode).toBe(404);
    const after = await ok<PagedReleases>(call(t, null, 'GET', '/releases?type=recently-added'));
    expect(after.releases.map((r) => r.id)).not.toContain(made.entityId);
    expect((await call(t, null, 'GET', `/history/release/${made.entityId}`)).statusCode).toBe(404);
    const pending = await ok<SubmissionsPage>(
      call(
        t,
        null,
        'GET',
        `/submissions/releases?status=${SubmissionStatus.PENDING_ENTITY_DELETION}`,
      ),
    );
    expect(pending.releases!.map((s) => s.id)).toContain(made.id);

    const body = { releaseSubmissionIds: [made.id] };
    expect(
      (await call(t, null, 'POST', '/submissions/process-pending-deletion', body)).statusCode,
    ).toBe(401);
    const notAdmin = await call(
      t,
      await editor(t),
      'POST',
      '/submissions/process-pending-deletion',
      body,
    );
    expect(notAdmin.statusCode).toBe(403);
    expect(await t.db.select().from(releases).where(eq(releases.id, made.entityId))).toHaveLength(
      1,
    );

    const processor = await admin(t);
    const reply = await ok(
      call(t, processor, 'POST', '/submissions/process-pending-deletion', body),
    );
    expect(reply).toEqual({ deleted: { releases: 1, artists: 0, labels: 0, genres: 0 } });
    // The audit log keeps who removed what.
    const logged = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, made.entityId));
    expect(logged).toMatchObject([
      { actorId: processor.user.id, action: 'process-pending-deletion', targetType: 'release' },
    ]);
    expect(await t.db.select().from(releases).where(eq(releases.id, made.entityId))).toEqual([]);
    expect(
      await t.db.select().from(submissions).where(eq(submissions.entityId, made.entityId)),
    ).toEqual([]);
    const [fanRow] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(fanRow?.entriesCount).toBe(0);
    await expectCountersConsistent(t);
    // Not pending (any more): nothing to do.
    const again = await ok(
      call(t, await admin(t), 'POST', '/submissions/process-pending-deletion', body),
    );
    expect(again).toEqual({ deleted: { releases: 0, artists: 0, labels: 0, genres: 0 } });
  });

  it('processes a pending artist: its credits go, the releases stay', async () => {
    const made = await submitAs(t, await contributor(t), 'artist', artistPayload('Fake band'));
    const real = await createArtist(t.db);
    const release = await createRelease(t.db, { artists: [real, { id: made.entityId }] });
    await ok(voteAs(t, await admin(t), 'artist', made.id, -1));
    expect((await call(t, null, 'GET', `/artists/${made.entityId}`)).statusCode).toBe(404);
    const shown = await ok<{ artists: { id: string }[] }>(
      call(t, null, 'GET', `/releases/${release.id}`),
    );
    expect(shown.artists.map((a) => a.id)).toEqual([real.id]);
    const reply = await ok(
      call(t, await admin(t), 'POST', '/submissions/process-pending-deletion', {
        artistSubmissionIds: [made.id],
      }),
    );
    expect(reply).toEqual({ deleted: { releases: 0, artists: 1, labels: 0, genres: 0 } });
    expect(await t.db.select().from(artists).where(eq(artists.id, made.entityId))).toEqual([]);
    const after = await ok<{ artists: { id: string }[] }>(
      call(t, null, 'GET', `/releases/${release.id}`),
    );
    expect(after.artists.map((a) => a.id)).toEqual([real.id]);
  });

  it('lists a kind’s submissions by status, entity and author, newest or oldest first, by cursor', async () => {
    const who = await contributor(t);
    const artist = await createArtist(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      ids.push((await submitAs(t, who, 'label', { name: `Label ${i}`, note: 'x' })).id);
    }
    const first = await ok<SubmissionsPage>(
      call(t, null, 'GET', `/submissions/labels?userId=${who.user.id}`),
    );
    expect(first).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 22,
      currentItems: 20,
    });
    expect(first.labels!.map((s) => s.id)).toEqual(ids.slice(2).reverse());
    const second = await ok<SubmissionsPage>(
      call(t, null, 'GET', `/submissions/labels?userId=${who.user.id}&cursor=${first.nextCursor}`),
    );
    expect(second.labels!.map((s) => s.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
    const oldest = await ok<SubmissionsPage>(
      call(t, null, 'GET', `/submissions/labels?userId=${who.user.id}&sortBy=oldest&page=2`),
    );
    expect(oldest.labels!.map((s) => s.id)).toEqual(ids.slice(20));

    const open = await submitAs(t, who, 'artist', artistPayload('Open one'), artist.id);
    const byEntity = await ok<SubmissionsPage>(
      call(
        t,
        null,
        'GET',
        `/submissions/artists?artistId=${artist.id}&status=${SubmissionStatus.OPEN}`,
      ),
    );
    expect(byEntity.artists!.map((s) => s.id)).toEqual([open.id]);
    const bad = await call(t, null, 'GET', '/submissions/artists?status=9');
    expect(bad.statusCode).toBe(400);
    const detail = await ok<SubmissionDetail>(
      call(t, null, 'GET', `/submissions/artist/${open.id}`),
    );
    expect(detail).toMatchObject({ id: open.id, entityId: artist.id, diff: expect.any(Array) });
    expect((await call(t, null, 'GET', `/submissions/label/${open.id}`)).statusCode).toBe(404);

    const counts = await ok<UserContributions>(
      call(t, null, 'GET', `/submissions/user-contributions/${who.user.id}`),
    );
    expect(counts.labels).toEqual({
      autoApproved: 22,
      open: 0,
      approved: 0,
      disapproved: 0,
      pendingDeletion: 0,
      total: 22,
    });
    expect(counts.artists).toMatchObject({ open: 1, total: 1 });
    expect(counts.releases.total).toBe(0);
  });

  it('hides a banned author’s submissions and votes everywhere, and an unban restores them', async () => {
    const author = await contributor(t);
    const artist = await createArtist(t.db, { name: 'Seen' });
    const applied = await submitAs(
      t,
      await editor(t),
      'artist',
      artistPayload('Seen again'),
      artist.id,
    );
    const open = await submitAs(t, author, 'artist', artistPayload('Hidden soon'), artist.id);
    const voter = await trusted(t);
    await ok(voteAs(t, voter, 'artist', open.id, 1));
    const listed = async () =>
      (
        await ok<SubmissionsPage>(
          call(t, null, 'GET', `/submissions/artists?artistId=${artist.id}`),
        )
      ).artists!.map((s) => s.id);
    expect(await listed()).toEqual([open.id, applied.id]);

    await changeAccountStatus(t.app.writer, voter.user.id, AccountStatus.BANNED);
    const card = await ok<SubmissionDetail>(call(t, null, 'GET', `/submissions/artist/${open.id}`));
    expect(card.votes).toEqual([]);
    await changeAccountStatus(t.app.writer, voter.user.id, AccountStatus.CONFIRMED);

    await changeAccountStatus(t.app.writer, author.user.id, AccountStatus.BANNED);
    expect(await listed()).toEqual([applied.id]);
    expect((await call(t, null, 'GET', `/submissions/artist/${open.id}`)).statusCode).toBe(404);
    const counts = await ok<UserContributions>(
      call(t, null, 'GET', `/submissions/user-contributions/${author.user.id}`),
    );
    expect(counts.artists.total).toBe(0);

    // An editor's applied change by a banned account leaves the history.
    const editorRow = (
      await t.db.select().from(submissions).where(eq(submissions.id, applied.id))
    )[0]!;
    await changeAccountStatus(t.app.writer, editorRow.userId, AccountStatus.BANNED);
    const history = await ok<HistoryPage>(call(t, null, 'GET', `/history/artist/${artist.id}`));
    expect(history.changes).toEqual([]);
    await changeAccountStatus(t.app.writer, editorRow.userId, AccountStatus.CONFIRMED);

    await changeAccountStatus(t.app.writer, author.user.id, AccountStatus.CONFIRMED);
    expect(await listed()).toEqual([open.id, applied.id]);
    const back = await ok<SubmissionDetail>(call(t, null, 'GET', `/submissions/artist/${open.id}`));
    expect(back.votes.map((v) => v.userId)).toEqual([voter.user.id]);
    const restored = await ok<HistoryPage>(call(t, null, 'GET', `/history/artist/${artist.id}`));
    expect(restored.changes.map((c) => c.id)).toEqual([applied.id]);
  });

  it('takes comments on a submission, counting them and telling its author', async () => {
    const author = await contributor(t);
    const made = await submitAs(t, author, 'label', { name: 'Too Pure', note: 'x' });
    const reader = await contributor(t);
    await postComment(t, reader, CommentTargetKind.LABEL_SUBMISSION, made.id, 'Is this right?');
    const card = await ok<SubmissionDetail>(call(t, null, 'GET', `/submissions/label/${made.id}`));
    expect(card.commentsCount).toBe(1);
    const told = await notificationsOf(t, author);
    expect(told[0]).toMatchObject({
      message: expect.stringContaining('your contribution to Too Pure'),
      link: `/contributions/label/${made.id}`,
    });
    // A thread kind finds only its own kind of submission.
    const wrong = await call(t, reader, 'POST', '/comments', {
      entityType: CommentTargetKind.ARTIST_SUBMISSION,
      entityId: made.id,
      body: 'Wrong thread',
    });
    expect(wrong.statusCode).toBe(404);
    await changeAccountStatus(t.app.writer, reader.user.id, AccountStatus.BANNED);
    const hidden = await ok<SubmissionDetail>(
      call(t, null, 'GET', `/submissions/label/${made.id}`),
    );
    expect(hidden.commentsCount).toBe(0);
    await changeAccountStatus(t.app.writer, reader.user.id, AccountStatus.CONFIRMED);
    await expectCountersConsistent(t);
  });
});
