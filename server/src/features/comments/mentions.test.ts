import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  COMMENT_MENTIONS_MAX,
  CommentTargetKind,
  NotificationKind,
} from '@earmark/common';
import { notifications } from '../../db/schema/comments';
import { member, members, type Member } from '../entries/test-support';
import { makeList } from '../lists/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { makeReview, notificationsOf, postComment } from './test-support';

const K = CommentTargetKind;

describe('comments: mentions', () => {
  let t: TestApp;
  let author: Member;
  let owner: Member;
  let release: { id: string; title: string };

  beforeAll(async () => {
    t = await buildTestApp();
    [author, owner] = (await members(t, 2)) as [Member, Member];
    release = await createRelease(t.db, { title: 'OK Computer' });
  });
  afterAll(async () => t?.close());

  const mentionsOf = async (who: Member) =>
    (await notificationsOf(t, who)).filter((n) => n.kind === NotificationKind.MENTION);

  it('tells each person named once, whatever the case, never the author', async () => {
    const [ana] = await members(t, 1, { username: `Ana_${Date.now()}` });
    const name = ana!.user.username;
    const body = `@${name.toUpperCase()} and @${name.toLowerCase()}, says @${author.user.username}. @${name}.`;
    await postComment(t, author, K.RELEASE, release.id, body);
    const got = await mentionsOf(ana!);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      kind: NotificationKind.MENTION,
      message: 'mentioned you in a comment on OK Computer',
      link: `/release/${release.id}`,
      read: false,
      user: { id: author.user.id, username: author.user.username },
    });
    expect(await notificationsOf(t, author)).toEqual([]);
  });

  it('ignores unknown names and hidden accounts', async () => {
    const banned = await member(t, { accountStatus: AccountStatus.BANNED });
    await postComment(t, author, K.RELEASE, release.id, `@nobody_here @${banned.user.username}`);
    const stored = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, banned.user.id));
    expect(stored).toEqual([]);
  });

  it(`tells at most ${COMMENT_MENTIONS_MAX} people, the first named`, async () => {
    const named = await members(t, COMMENT_MENTIONS_MAX + 2);
    const body = named.map((m) => `@${m.user.username}`).join(' ');
    await postComment(t, author, K.RELEASE, release.id, body);
    const told = [];
    for (const m of named) told.push((await mentionsOf(m)).length);
    expect(told).toEqual([...Array(COMMENT_MENTIONS_MAX).fill(1), 0, 0]);
  });

  it('gives a mentioned owner the comment notification alone', async () => {
    const review = await makeReview(t, owner, release.id);
    await postComment(t, author, K.REVIEW, review, `What do you think, @${owner.user.username}?`);
    const got = await notificationsOf(t, owner);
    expect(got.map((n) => [n.kind, n.message, n.link])).toEqual([
      [NotificationKind.COMMENT, 'commented on your review of OK Computer', `/review/${review}`],
    ]);
    // Others read it as someone's review.
    const [reader] = await members(t, 1);
    await postComment(t, author, K.REVIEW, review, `@${reader!.user.username} look`);
    expect((await mentionsOf(reader!))[0]!.message).toBe(
      `mentioned you in a comment on ${owner.user.username}'s review of OK Computer`,
    );
  });

  it('does not tell someone about a thread they may not read', async () => {
    const [outsider] = await members(t, 1);
    const draft = await makeList(t, owner, { title: 'Secret plans' });
    await postComment(t, owner, K.LIST, draft, `@${outsider!.user.username} soon`);
    expect(await mentionsOf(outsider!)).toEqual([]);
  });
});
