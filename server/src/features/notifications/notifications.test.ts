import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  CommentTargetKind,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationKind,
  type PagedNotifications,
} from '@earmark/common';
import { comments, notifications } from '../../db/schema/comments';
import { transact } from '../../lib/unit-of-work';
import { follow } from '../follows/service';
import { changeAccountStatus } from '../users/service';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import {
  makeReview,
  notificationsOf,
  postComment,
  recordingPublisher,
  unreadOf,
} from '../comments/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { notifyUser } from './service';

const K = CommentTargetKind;

describe('notifications: what is stored for whom', () => {
  let t: TestApp;
  let me: Member;
  let ana: Member;
  let bob: Member;
  let release: { id: string };
  const { events, publisher } = recordingPublisher(async (event) => {
    // Published after the commit: the notification is already there for any reader.
    if (event.type !== 'notification') return;
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, event.notification.id));
    expect(row?.userId).toBe(event.userId);
  });

  beforeAll(async () => {
    t = await buildTestApp({ deps: { publisher } });
    [me, ana, bob] = (await members(t, 3)) as [Member, Member, Member];
    release = await createRelease(t.db, { title: 'OK Computer' });
  });
  afterAll(async () => t?.close());

  const messagesOf = async (who: Member) =>
    (await notificationsOf(t, who)).map((n) => [n.kind, n.message, n.link, n.user?.id ?? null]);

  it('tells of a follow, a like, and comments on a profile, review and list', async () => {
    await ok(call(t, ana, 'POST', `/users/${me.user.id}/following`));
    const list = await makeList(t, me, { title: 'Best of 1977' }, { publish: true });
    await ok(call(t, ana, 'POST', `/lists/${list}/likes`));
    const review = await makeReview(t, me, release.id);
    await postComment(t, bob, K.SHOUTBOX, me.user.id);
    await postComment(t, bob, K.REVIEW, review);
    await postComment(t, bob, K.LIST, list);
    await postComment(t, bob, K.RELEASE, release.id);
    expect(await messagesOf(me)).toEqual([
      [
        NotificationKind.COMMENT,
        'commented on your list Best of 1977',
        `/list/${list}`,
        bob.user.id,
      ],
      [
        NotificationKind.COMMENT,
        'commented on your review of OK Computer',
        `/review/${review}`,
        bob.user.id,
      ],
      [NotificationKind.COMMENT, 'commented on your profile', `/${me.user.username}`, bob.user.id],
      [NotificationKind.LIKE, 'liked your list Best of 1977', `/list/${list}`, ana.user.id],
      [NotificationKind.FOLLOW, 'started following you', `/${ana.user.username}`, ana.user.id],
    ]);
    // Each was pushed after its commit, to its recipient.
    const pushed = events.filter((e) => e.type === 'notification');
    expect(pushed.map((e) => e.userId)).toEqual(Array(5).fill(me.user.id));
    expect(events.filter((e) => e.type === 'comment-created')).toHaveLength(4);
  });

  it('never tells people of what they did themselves', async () => {
    const list = await makeList(t, bob, {}, { publish: true });
    await ok(call(t, bob, 'POST', `/lists/${list}/likes`));
    await postComment(t, bob, K.SHOUTBOX, bob.user.id);
    await postComment(t, bob, K.LIST, list, `Says @${bob.user.username}`);
    expect(await notificationsOf(t, bob)).toEqual([]);
  });

  it('tells of a list like once per liker, whatever they unlike and like again', async () => {
    const list = await makeList(t, ana, { title: 'Once' }, { publish: true });
    for (let i = 0; i < 2; i++) {
      await ok(call(t, bob, 'POST', `/lists/${list}/likes`));
      await ok(call(t, bob, 'DELETE', `/lists/${list}/likes`));
    }
    await ok(call(t, bob, 'POST', `/lists/${list}/likes`));
    const likes = (await notificationsOf(t, ana)).filter((n) => n.kind === NotificationKind.LIKE);
    expect(likes.map((n) => n.message)).toEqual(['liked your list Once']);
  });

  it('takes a deleted comment’s notifications with it, and pushes the deletion', async () => {
    const [owner] = await members(t, 1);
    const comment = await postComment(t, bob, K.SHOUTBOX, owner!.user.id, 'Gone soon');
    expect(await unreadOf(t, owner!)).toBe(1);
    await ok(call(t, bob, 'DELETE', `/comments/${comment.id}`), 204);
    expect(await notificationsOf(t, owner!)).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'comment-deleted',
      entityType: K.SHOUTBOX,
      entityId: owner!.user.id,
      id: comment.id,
    });
  });

  it('takes a deleted list’s comments and notifications with it', async () => {
    const [owner] = await members(t, 1);
    const list = await makeList(t, owner!, {}, { publish: true });
    await ok(call(t, ana, 'POST', `/lists/${list}/likes`));
    await postComment(t, bob, K.LIST, list);
    expect(await unreadOf(t, owner!)).toBe(2);
    await ok(call(t, owner!, 'DELETE', `/lists/${list}`), 204);
    expect(await notificationsOf(t, owner!)).toEqual([]);
    const left = await t.db.select().from(comments).where(eq(comments.entityId, list));
    expect(left).toEqual([]);
  });

  it('stores nothing and pushes nothing when the cause rolls back', async () => {
    const [lonely] = await members(t, 1);
    const before = events.length;
    await expect(
      transact(t.app.writer, async (uow) => {
        await follow(uow, ana.user, lonely!.user.id);
        throw new Error('The follow fails after all');
      }),
    ).rejects.toThrow('The follow fails after all');
    expect(await notificationsOf(t, lonely!)).toEqual([]);
    expect(events.length).toBe(before);
  });

  it('stores a message from the admins with no actor', async () => {
    const [told] = await members(t, 1);
    await notifyUser(t.app.writer, told!.user.id, 'Welcome to Earmark', '/rules');
    expect(await notificationsOf(t, told!)).toMatchObject([
      { kind: NotificationKind.OTHER, message: 'Welcome to Earmark', link: '/rules', user: null },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'notification', userId: told!.user.id });
  });
});

describe('notifications: pages, counts and reading', () => {
  let t: TestApp;
  let me: Member;
  let fans: Member[];

  beforeAll(async () => {
    t = await buildTestApp();
    [me] = (await members(t, 1)) as [Member];
    fans = await members(t, NOTIFICATIONS_PAGE_SIZE + 3);
    for (const fan of fans) await ok(call(t, fan, 'POST', `/users/${me.user.id}/following`));
  });
  afterAll(async () => t?.close());

  it('answers 401 to visitors', async () => {
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['POST', '/notifications/mark-all-read'],
    ] as const) {
      expect((await call(t, null, method, url)).statusCode).toBe(401);
    }
  });

  it('pages newest first and counts the unread, until all are marked read', async () => {
    const total = fans.length;
    const first = await ok<PagedNotifications>(call(t, me, 'GET', '/notifications'));
    expect(first).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: total,
      currentItems: NOTIFICATIONS_PAGE_SIZE,
      itemsPerPage: NOTIFICATIONS_PAGE_SIZE,
    });
    const all = await notificationsOf(t, me);
    expect(all.map((n) => n.user?.id)).toEqual(fans.map((f) => f.user.id).reverse());
    expect(await unreadOf(t, me)).toBe(total);

    await ok(call(t, me, 'POST', '/notifications/mark-all-read'), 204);
    expect(await unreadOf(t, me)).toBe(0);
    expect((await notificationsOf(t, me)).every((n) => n.read)).toBe(true);
    const bad = await call(t, me, 'GET', '/notifications?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('hides what a banned account caused, and an unban brings it back', async () => {
    const [fan] = await members(t, 1);
    await ok(call(t, fan!, 'POST', `/users/${me.user.id}/following`));
    const before = (await notificationsOf(t, me)).length;
    expect(await unreadOf(t, me)).toBe(1);
    await changeAccountStatus(t.app.writer, fan!.user.id, AccountStatus.BANNED);
    expect((await notificationsOf(t, me)).length).toBe(before - 1);
    expect(await unreadOf(t, me)).toBe(0);
    await changeAccountStatus(t.app.writer, fan!.user.id, AccountStatus.CONFIRMED);
    expect((await notificationsOf(t, me))[0]!.user?.id).toBe(fan!.user.id);
    expect(await unreadOf(t, me)).toBe(1);
  });
});
