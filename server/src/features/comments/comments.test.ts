import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  COMMENTS_PAGE_SIZE,
  CommentTargetKind,
  ContributorStatus,
  type Entry,
} from '@earmark/common';
import { comments } from '../../db/schema/comments';
import { entries } from '../../db/schema/entries';
import { changeAccountStatus } from '../users/service';
import {
  call,
  expectCountersConsistent,
  member,
  members,
  ok,
  type Member,
} from '../entries/test-support';
import { getList, makeList } from '../lists/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { COMMENTS_PER_MINUTE } from './routes';
import { firstTrackOf, makeReview, postComment, threadOf } from './test-support';

const K = CommentTargetKind;

describe('comments: threads on every kind of target', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let release: { id: string };
  let threads: Record<'shoutbox' | 'review' | 'list' | 'release' | 'track', [number, string]>;
  let draft: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [owner, other] = (await members(t, 2)) as [Member, Member];
    release = await createRelease(t.db, { tracks: 2 });
    const review = await makeReview(t, owner, release.id);
    const list = await makeList(t, owner, { title: 'Best of 1977' }, { publish: true });
    draft = await makeList(t, owner, { title: 'Unfinished' });
    threads = {
      shoutbox: [K.SHOUTBOX, owner.user.id],
      review: [K.REVIEW, review],
      list: [K.LIST, list],
      release: [K.RELEASE, release.id],
      track: [K.RELEASE_TRACK, await firstTrackOf(t, release.id)],
    };
  });
  afterAll(async () => t?.close());

  it('posts and reads a comment on each kind, with its author', async () => {
    for (const [name, [type, id]] of Object.entries(threads)) {
      const posted = await postComment(t, other, type as CommentTargetKind, id, `On the ${name}`);
      expect(posted).toMatchObject({
        body: `On the ${name}`,
        entityType: type,
        entityId: id,
        user: {
          id: other.user.id,
          username: other.user.username,
          name: null,
          image: null,
          supporter: 0,
        },
      });
      const page = await threadOf(t, null, type as CommentTargetKind, id);
      expect(page).toMatchObject({
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
        currentItems: 1,
        itemsPerPage: COMMENTS_PAGE_SIZE,
      });
      expect(page.comments).toEqual([posted]);
    }
    await expectCountersConsistent(t);
    const list = await getList(t, null, threads.list[1]);
    expect(list.commentsCount).toBe(1);
    const review = await ok<Entry>(call(t, null, 'GET', `/entries/${threads.review[1]}`));
    expect(review.review?.commentsCount).toBe(1);
  });

  it('answers 404 for a target that does not exist or that the reader may not see', async () => {
    const missing = [
      [K.SHOUTBOX, 'nobody', 'User not found'],
      [K.REVIEW, 'nothing', 'Review not found'],
      [K.LIST, 'nothing', 'List not found'],
      [K.RELEASE, 'nothing', 'Release not found'],
      [K.RELEASE_TRACK, 'nothing', 'Track not found'],
      [K.LIST, draft, 'List not found'],
    ] as const;
    for (const [type, id, message] of missing) {
      const read = await call(t, other, 'GET', `/comments?entityType=${type}&entityId=${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(message);
      const write = await call(t, other, 'POST', '/comments', {
        entityType: type,
        entityId: id,
        body: 'Hello?',
      });
      expect(write.statusCode).toBe(404);
    }
    // A submission thread has no target until submissions exist.
    const submission = await call(t, other, 'GET', '/comments?entityType=51&entityId=x');
    expect(submission.statusCode).toBe(404);
    // The owner of the draft may talk to themselves on it.
    await postComment(t, owner, K.LIST, draft, 'Note to self');
    expect((await threadOf(t, owner, K.LIST, draft)).totalItems).toBe(1);
  });

  it('refuses bad input in the product wording, and visitors', async () => {
    const bad = async (payload: object) => {
      const res = await call(t, other, 'POST', '/comments', payload);
      expect(res.statusCode).toBe(400);
      return res.json().message as string[];
    };
    expect(await bad({ entityType: K.RELEASE, entityId: release.id, body: '' })).toEqual([
      'body must be longer than or equal to 1 characters',
    ]);
    expect(
      await bad({ entityType: K.RELEASE, entityId: release.id, body: 'x'.repeat(5001) }),
    ).toEqual(['body must be shorter than or equal to 5000 characters']);
    const kind = await bad({ entityType: 99, entityId: release.id, body: 'Hi' });
    expect(kind).toHaveLength(1);
    expect(kind[0]).toMatch(/^entityType must be one of the following values/);
    const read = await call(t, null, 'GET', `/comments?entityType=abc&entityId=${release.id}`);
    expect(read.statusCode).toBe(400);
    const visitor = await call(t, null, 'POST', '/comments', {
      entityType: K.RELEASE,
      entityId: release.id,
      body: 'Hi',
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('pages a thread newest first', async () => {
    const fresh = await createRelease(t.db);
    const pager = await member(t);
    const bodies: string[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 2; i++) {
      bodies.push(`Comment ${i}`);
      await postComment(t, pager, K.RELEASE, fresh.id, `Comment ${i}`);
    }
    const first = await threadOf(t, null, K.RELEASE, fresh.id);
    const second = await threadOf(t, null, K.RELEASE, fresh.id, 2);
    expect(first).toMatchObject({ totalItems: bodies.length, totalPages: 2, currentItems: 20 });
    expect(second).toMatchObject({ currentPage: 2, currentItems: 2 });
    expect([...first.comments, ...second.comments].map((c) => c.body)).toEqual(
      [...bodies].reverse(),
    );
  });
});

describe('comments: who may delete', () => {
  let t: TestApp;
  let owner: Member;
  let author: Member;
  let other: Member;
  let admin: Member;
  let list: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [owner, author, other] = (await members(t, 3)) as [Member, Member, Member];
    admin = await member(t, { contributorStatus: ContributorStatus.ADMIN });
    list = await makeList(t, owner, { title: 'Best of 1977' }, { publish: true });
  });
  afterAll(async () => t?.close());

  const remove = (who: Member | null, id: string) => call(t, who, 'DELETE', `/comments/${id}`);
  const count = async () => (await getList(t, null, list)).commentsCount;

  it('lets the author, the thread’s owner and an admin delete, and nobody else', async () => {
    const comments = [];
    for (let i = 0; i < 3; i++) comments.push(await postComment(t, author, K.LIST, list));
    expect(await count()).toBe(3);

    expect((await remove(null, comments[0]!.id)).statusCode).toBe(401);
    const refused = await remove(other, comments[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the author, the owner of the thread or an admin can delete this comment',
    );
    expect((await remove(other, 'nothing')).statusCode).toBe(404);

    for (const [who, comment] of [
      [author, comments[0]!],
      [owner, comments[1]!],
      [admin, comments[2]!],
    ] as const) {
      await ok(remove(who, comment.id), 204);
      expect((await remove(who, comment.id)).statusCode).toBe(404);
    }
    expect(await count()).toBe(0);
    expect((await threadOf(t, null, K.LIST, list)).comments).toEqual([]);
    await expectCountersConsistent(t);
  });

  it('deletes a review’s thread with the review', async () => {
    const release = await createRelease(t.db);
    const review = await makeReview(t, owner, release.id);
    await postComment(t, author, K.REVIEW, review);
    await ok(call(t, owner, 'DELETE', `/entries/${review}`), 204);
    const left = await t.db.select().from(comments).where(eq(comments.entityId, review));
    expect(left).toEqual([]);
  });
});

describe('comments: banned authors', () => {
  it('hides a banned author’s comments and counts, and an unban restores them', async () => {
    const t = await buildTestApp();
    try {
      const [owner, talker, reader] = (await members(t, 3)) as [Member, Member, Member];
      const release = await createRelease(t.db);
      const review = await makeReview(t, owner, release.id);
      const list = await makeList(t, owner, {}, { publish: true });
      for (const [type, id] of [
        [K.REVIEW, review],
        [K.LIST, list],
        [K.RELEASE, release.id],
      ] as const) {
        await postComment(t, talker, type, id, 'From the talker');
        await postComment(t, reader, type, id, 'From the reader');
      }
      const seen = async () => ({
        review: (await threadOf(t, reader, K.REVIEW, review)).comments.map((c) => c.body),
        release: (await threadOf(t, null, K.RELEASE, release.id)).totalItems,
        listCount: (await getList(t, reader, list)).commentsCount,
        listThread: (await threadOf(t, reader, K.LIST, list)).totalItems,
        reviewCount: (await t.db.select().from(entries).where(eq(entries.id, review)))[0]!
          .commentsCount,
      });
      const everyone = {
        review: ['From the reader', 'From the talker'],
        release: 2,
        listCount: 2,
        listThread: 2,
        reviewCount: 2,
      };
      expect(await seen()).toEqual(everyone);

      await changeAccountStatus(t.app.writer, talker.user.id, AccountStatus.BANNED);
      expect(await seen()).toEqual({
        review: ['From the reader'],
        release: 1,
        listCount: 1,
        listThread: 1,
        reviewCount: 1,
      });
      await expectCountersConsistent(t);

      await changeAccountStatus(t.app.writer, talker.user.id, AccountStatus.CONFIRMED);
      expect(await seen()).toEqual(everyone);
      await expectCountersConsistent(t);
    } finally {
      await t.close();
    }
  });
});

describe('comments: rate limit', () => {
  it(`allows ${COMMENTS_PER_MINUTE} comments a minute per account`, async () => {
    const t = await buildTestApp();
    try {
      const [busy, calm] = (await members(t, 2)) as [Member, Member];
      const release = await createRelease(t.db);
      for (let i = 0; i < COMMENTS_PER_MINUTE; i++) {
        await postComment(t, busy, K.RELEASE, release.id);
      }
      const over = await call(t, busy, 'POST', '/comments', {
        entityType: K.RELEASE,
        entityId: release.id,
        body: 'One too many',
      });
      expect(over.statusCode).toBe(429);
      // Another account on the same address is not held back.
      await postComment(t, calm, K.RELEASE, release.id);
    } finally {
      await t.close();
    }
  });
});
