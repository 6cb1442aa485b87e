import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, PagedEntries } from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { call, expectCountersConsistent, member, ok, type Member } from './test-support';

const EMPTY = {
  statusCode: 400,
  error: 'Bad Request',
  message: ['review must be longer than or equal to 1 characters'],
};
/** Reviews that show nothing: whitespace and zero-width characters. */
const BLANKS = [' ', '\n\n\t', '\u200b', '\u200b\u200c\u200d', ' \u2060\ufeff\u00a0\u3000 '];

describe('entries: a review that shows nothing', () => {
  let t: TestApp;
  let me: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await member(t);
  });
  afterAll(async () => t?.close());

  const counts = async (releaseId: string) => {
    const [release] = await t.db.select().from(releases).where(eq(releases.id, releaseId));
    const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    return { release: release!.reviewsCount, user: user!.reviewsCount };
  };
  const reviewed = async (releaseId: string) =>
    ok<PagedEntries>(call(t, null, 'GET', `/entries?releaseId=${releaseId}&withReview=true`));

  it('is refused when creating an entry, and nothing is saved or counted', async () => {
    const { id: releaseId } = await createRelease(t.db);
    for (const review of BLANKS) {
      const res = await call(t, me, 'POST', '/entries', { releaseId, review });
      expect(res.statusCode, JSON.stringify(review)).toBe(400);
      expect(res.json()).toEqual(EMPTY);
      // With a rating too: the whole request is refused.
      const both = await call(t, me, 'POST', '/entries', { releaseId, rating: 70, review });
      expect(both.statusCode).toBe(400);
    }
    expect(await ok(call(t, me, 'GET', `/entries/release/${releaseId}/me`))).toBeNull();
    expect(await counts(releaseId)).toEqual({ release: 0, user: 0 });
    expect((await reviewed(releaseId)).totalItems).toBe(0);
  });

  it('is refused when changing a review, which stays as it was', async () => {
    const { id: releaseId } = await createRelease(t.db);
    const entry = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId, review: 'Worth it.' }),
      201,
    );
    for (const review of BLANKS) {
      const res = await call(t, me, 'PATCH', `/entries/${entry.id}`, { review });
      expect(res.statusCode, JSON.stringify(review)).toBe(400);
      expect(res.json()).toEqual(EMPTY);
    }
    const mine = await ok<Entry>(call(t, me, 'GET', `/entries/release/${releaseId}/me`));
    expect(mine.review?.body).toBe('Worth it.');
    expect(await counts(releaseId)).toEqual({ release: 1, user: 1 });
    expect((await reviewed(releaseId)).totalItems).toBe(1);

    // Removing a review is said with null.
    const cleared = await ok<Entry>(call(t, me, 'PATCH', `/entries/${entry.id}`, { review: null }));
    expect(cleared.review).toBeNull();
    expect(await counts(releaseId)).toEqual({ release: 0, user: 0 });
    expect((await reviewed(releaseId)).totalItems).toBe(0);
    await expectCountersConsistent(t);
  });

  it('still takes a review with text around its spaces and zero-width characters', async () => {
    const { id: releaseId } = await createRelease(t.db);
    const body = '\u200b  Short, but a review.  ';
    const entry = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId, review: body }),
      201,
    );
    expect(entry.review?.body).toBe(body);
    // The review cleared above no longer counts, so this is the one review of the user.
    expect(await counts(releaseId)).toEqual({ release: 1, user: 1 });
    await expectCountersConsistent(t);
  });
});
