import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  createUsers,
} from '../../../test/catalogue-factories';
import {
  findTarget,
  hasTargetKind,
  registerTargetKind,
  requireReadableTarget,
  type TargetKind,
} from './registry';

describe('targets registry', () => {
  let t: TestApp;
  let author: UserRow;
  let hidden: UserRow;
  let admin: UserRow;
  let reader: UserRow;
  beforeAll(async () => {
    t = await buildTestApp();
    [author, reader] = (await createUsers(t.db, 2)) as [UserRow, UserRow];
    [hidden] = (await createUsers(t.db, 1, { accountStatus: AccountStatus.BANNED })) as [UserRow];
    [admin] = (await createUsers(t.db, 1, { contributorStatus: ContributorStatus.ADMIN })) as [
      UserRow,
    ];
  });
  afterAll(async () => t?.close());

  const find = (kind: TargetKind, id: string, viewer: UserRow | null = reader) =>
    findTarget(t.db, kind, id, viewer);

  async function review(owner: UserRow, release: { id: string }, text: string | null) {
    const id = newId();
    await t.db
      .insert(entries)
      .values({ id, userId: owner.id, releaseId: release.id, review: text });
    return id;
  }

  it('answers for users: their own owner, hidden accounts readable by admins only', async () => {
    expect(await find('user', author.id)).toEqual({
      kind: 'user',
      id: author.id,
      ownerId: author.id,
      readable: true,
    });
    expect(await find('user', hidden.id)).toMatchObject({ readable: false });
    expect(await find('user', hidden.id, null)).toMatchObject({ readable: false });
    expect(await find('user', hidden.id, admin)).toMatchObject({ readable: true });
    expect(await find('user', 'nobody')).toBeNull();
    await expect(requireReadableTarget(t.db, 'user', hidden.id, reader)).rejects.toMatchObject({
      statusCode: 404,
      message: 'User not found',
    });
  });

  it('answers for catalogue things: nobody owns them, hidden ones are unreadable', async () => {
    const artist = await createArtist(t.db);
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    const release = await createRelease(t.db, { tracks: 1 });
    for (const [kind, id] of [
      ['artist', artist.id],
      ['label', label.id],
      ['genre', genre.id],
      ['release', release.id],
    ] as const) {
      expect(await find(kind, id, null)).toEqual({ kind, id, ownerId: null, readable: true });
      expect(await find(kind, `missing-${kind}`)).toBeNull();
    }
    const pending = await createRelease(t.db, { pendingDeletion: true, tracks: 1 });
    const merged = await createArtist(t.db, { mergedIntoId: artist.id });
    expect(await find('release', pending.id, admin)).toMatchObject({ readable: false });
    expect(await find('artist', merged.id)).toMatchObject({ readable: false });
    await expect(requireReadableTarget(t.db, 'release', pending.id, reader)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Release not found',
    });

    // A track follows its release.
    const trackOf = async (r: { id: string }) =>
      (await t.db.select().from(tracks).where(eq(tracks.releaseId, r.id)))[0]!.id;
    expect(await find('track', await trackOf(release))).toMatchObject({
      ownerId: null,
      readable: true,
    });
    expect(await find('track', await trackOf(pending))).toMatchObject({ readable: false });
  });

  it('answers for reviews: owned by their author, hidden with the account or the release', async () => {
    const release = await createRelease(t.db);
    const pending = await createRelease(t.db, { pendingDeletion: true });
    const written = await review(author, release, 'Good.');
    const byHidden = await review(hidden, release, 'Gone.');
    const onHidden = await review(author, pending, 'Hidden release.');
    const ratingOnly = await review(reader, release, null);

    expect(await find('review', written)).toEqual({
      kind: 'review',
      id: written,
      ownerId: author.id,
      readable: true,
    });
    expect(await find('review', byHidden)).toMatchObject({ ownerId: hidden.id, readable: false });
    expect(await find('review', byHidden, admin)).toMatchObject({ readable: true });
    expect(await find('review', onHidden, admin)).toMatchObject({ readable: false });
    // An entry without a review text is no review.
    expect(await find('review', ratingOnly)).toBeNull();
  });

  it('leaves comments and submissions to the features that add them', async () => {
    // The comments feature (part of the app) has registered its kind.
    expect(hasTargetKind('comment')).toBe(true);
    expect(await find('comment', 'x')).toBeNull();
    // The contributions feature has registered one kind per kind of submission.
    for (const kind of [
      'release-submission',
      'artist-submission',
      'label-submission',
      'genre-submission',
    ] as const) {
      expect(hasTargetKind(kind)).toBe(true);
      expect(await find(kind, 'x')).toBeNull();
      await expect(requireReadableTarget(t.db, kind, 'x', reader)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Contribution not found',
      });
    }
    expect(() =>
      registerTargetKind('genre-submission', { notFound: '', lookup: async () => null }),
    ).toThrow('already registered');
  });
});
