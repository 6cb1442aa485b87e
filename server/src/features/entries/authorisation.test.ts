import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type Entry, type ReviewVoteReply, type Tag } from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import { entries, reviewVotes, trackVotes, userTags } from '../../db/schema/entries';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { call, member, ok, type Member } from './test-support';

describe('entries: who may change what', () => {
  let t: TestApp;
  let owner: Member;
  let intruder: Member;
  let entry: Entry;
  let ownerTag: Tag;
  let releaseId: string;
  let trackId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await member(t);
    intruder = await member(t);
    const r = await createRelease(t.db, { tracks: 2 });
    releaseId = r.id;
    trackId = (await t.db.select().from(tracks).where(eq(tracks.releaseId, r.id)))[0]!.id;
    ownerTag = await ok<Tag>(call(t, owner, 'POST', '/entries/user/tags', { name: 'Mine' }), 201);
    entry = await ok<Entry>(
      call(t, owner, 'POST', '/entries', {
        releaseId,
        rating: 60,
        review: 'Owner words',
        tags: [ownerTag.id],
      }),
      201,
    );
    await ok(call(t, owner, 'POST', `/entries/track/${releaseId}/${trackId}`, { vote: 1 }));
  });
  afterAll(async () => t?.close());

  const stored = async () => (await t.db.select().from(entries).where(eq(entries.id, entry.id)))[0];

  it('nobody changes or deletes another user’s entry', async () => {
    const patch = await call(t, intruder, 'PATCH', `/entries/${entry.id}`, {
      rating: 1,
      review: null,
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBe('You can only change your own entry');
    const del = await call(t, intruder, 'DELETE', `/entries/${entry.id}`);
    expect(del.statusCode).toBe(403);
    expect(await stored()).toMatchObject({ rating: 60, review: 'Owner words' });
  });

  it('a POST on the same release makes the caller’s own entry, never touches the owner’s', async () => {
    const own = await ok<Entry>(
      call(t, intruder, 'POST', '/entries', { releaseId, rating: 5 }),
      201,
    );
    expect(own.id).not.toBe(entry.id);
    expect(own.user.id).toBe(intruder.user.id);
    expect(await stored()).toMatchObject({ rating: 60 });
    await ok(call(t, intruder, 'DELETE', `/entries/${own.id}`), 204);
  });

  it('nobody renames, deletes or attaches another user’s tag', async () => {
    const rename = await call(t, intruder, 'PATCH', `/entries/user/tags/${ownerTag.id}`, {
      name: 'x',
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('You can only change your own tags');
    expect(
      (await call(t, intruder, 'DELETE', `/entries/user/tags/${ownerTag.id}`)).statusCode,
    ).toBe(403);
    const attach = await call(t, intruder, 'POST', '/entries', { releaseId, tags: [ownerTag.id] });
    expect(attach.statusCode).toBe(403);
    expect(attach.json().message).toBe('You can only use your own tags');
    const unknown = await call(t, intruder, 'POST', '/entries', { releaseId, tags: ['nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Tag not found');
    // Refused before anything was written: no entry for the intruder.
    const [mine] = await t.db.select().from(entries).where(eq(entries.userId, intruder.user.id));
    expect(mine).toBeUndefined();
    const [tag] = await t.db.select().from(userTags).where(eq(userTags.id, ownerTag.id));
    expect(tag?.name).toBe('Mine');
  });

  it('votes are the voter’s own: removing only ever removes one’s own vote', async () => {
    await ok(call(t, intruder, 'DELETE', `/entries/track/${releaseId}/${trackId}`), 404);
    const [ownerVote] = await t.db
      .select()
      .from(trackVotes)
      .where(eq(trackVotes.entryId, entry.id));
    expect(ownerVote?.vote).toBe(1);

    const third = await member(t);
    await ok(call(t, third, 'POST', `/entries/review/${entry.id}/votes`, { vote: 1 }));
    const after = await ok<ReviewVoteReply>(
      call(t, intruder, 'DELETE', `/entries/review/${entry.id}/votes`),
    );
    expect(after).toEqual({ upvotes: 1, downvotes: 0, myVote: null });
    const votes = await t.db.select().from(reviewVotes).where(eq(reviewVotes.entryId, entry.id));
    expect(votes.map((v) => v.userId)).toEqual([third.user.id]);
  });

  it('tags: 201 on create, 409 for a name the user already has (any case), trimmed names', async () => {
    const made = await ok<Tag>(
      call(t, intruder, 'POST', '/entries/user/tags', { name: '  Dub  ' }),
      201,
    );
    expect(made.name).toBe('Dub');
    const dup = await call(t, intruder, 'POST', '/entries/user/tags', { name: 'dUB' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('You already have this tag');
    // Another user may have the same name.
    await ok(call(t, owner, 'POST', '/entries/user/tags', { name: 'dub' }), 201);
    const other = await ok<Tag>(
      call(t, intruder, 'POST', '/entries/user/tags', { name: 'Roots' }),
      201,
    );
    const clash = await call(t, intruder, 'PATCH', `/entries/user/tags/${other.id}`, {
      name: 'DUB',
    });
    expect(clash.statusCode).toBe(409);
    const renamed = await ok<Tag>(
      call(t, intruder, 'PATCH', `/entries/user/tags/${other.id}`, { name: 'Roots reggae' }),
    );
    expect(renamed).toEqual({ id: other.id, name: 'Roots reggae' });
    // The user's own tags, by name, whether used or not.
    expect(await ok<Tag[]>(call(t, intruder, 'GET', '/entries/user/tags'))).toEqual([
      made,
      renamed,
    ]);
    expect((await call(t, null, 'GET', '/entries/user/tags')).statusCode).toBe(401);
    const blank = await call(t, intruder, 'POST', '/entries/user/tags', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toEqual(['name must be longer than or equal to 1 characters']);
  });

  it('deleting a tag takes it off the owner’s entries', async () => {
    const temp = await ok<Tag>(call(t, owner, 'POST', '/entries/user/tags', { name: 'Temp' }), 201);
    await ok(call(t, owner, 'PATCH', `/entries/${entry.id}`, { tags: [ownerTag.id, temp.id] }));
    await ok(call(t, owner, 'DELETE', `/entries/user/tags/${temp.id}`), 204);
    const seen = await ok<Entry>(call(t, null, 'GET', `/entries/${entry.id}`));
    expect(seen.tags).toEqual([ownerTag]);
    expect((await call(t, owner, 'DELETE', `/entries/user/tags/${temp.id}`)).statusCode).toBe(404);
  });

  it('signed-out callers get 401 and unconfirmed accounts 403 on every change', async () => {
    const unconfirmed = await member(t, { accountStatus: AccountStatus.NOT_CONFIRMED });
    const changes: [Parameters<typeof call>[2], string, object?][] = [
      ['POST', '/entries', { releaseId, rating: 50 }],
      ['PATCH', `/entries/${entry.id}`, { rating: 50 }],
      ['DELETE', `/entries/${entry.id}`],
      ['POST', `/entries/track/${releaseId}/${trackId}`, { vote: 1 }],
      ['DELETE', `/entries/track/${releaseId}/${trackId}`],
      ['POST', `/entries/review/${entry.id}/votes`, { vote: 1 }],
      ['DELETE', `/entries/review/${entry.id}/votes`],
      ['POST', '/entries/user/tags', { name: 'x' }],
      ['PATCH', `/entries/user/tags/${ownerTag.id}`, { name: 'x' }],
      ['DELETE', `/entries/user/tags/${ownerTag.id}`],
    ];
    for (const [method, url, payload] of changes) {
      expect((await call(t, null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await call(t, unconfirmed, method, url, payload)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect(await stored()).toMatchObject({ rating: 60, reviewUpvotes: 1 });
  });
});
