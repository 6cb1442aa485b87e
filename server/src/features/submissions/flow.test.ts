import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  ContributorStatus,
  SubmissionMethod,
  SubmissionStatus,
  type SubmissionCard,
} from '@earmark/common';
import { artists, genres, labels } from '../../db/schema/catalogue';
import { call, expectCountersConsistent, member, ok } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createGenre } from '../../../test/catalogue-factories';
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
import { SUBMISSIONS_PER_HOUR } from './routes';

describe('contributions: statuses and votes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('applies a create at once: auto-approved for contributors, approved for editors and admins', async () => {
    const mine = await submitAs(t, await contributor(t), 'artist', artistPayload('Broadcast'));
    expect(mine).toMatchObject({
      kind: 'artist',
      method: SubmissionMethod.CREATE,
      submissionStatus: SubmissionStatus.AUTO_APPROVED,
      entityName: 'Broadcast',
      original: null,
      changes: { name: 'Broadcast', nameLatin: null, bio: null },
      votes: [],
      commentsCount: 0,
    });
    expect(mine.artistId).toBe(mine.entityId);
    expect(mine.appliedAt).not.toBeNull();
    const [row] = await t.db.select().from(artists).where(eq(artists.id, mine.entityId));
    expect(row).toMatchObject({ name: 'Broadcast' });
    await ok(call(t, null, 'GET', `/artists/${mine.entityId}`));

    for (const who of [await editor(t), await admin(t)]) {
      const made = await submitAs(t, who, 'label', { name: 'Warp', note: 'Label' });
      expect(made.submissionStatus).toBe(SubmissionStatus.APPROVED);
      expect(made.labelId).toBe(made.entityId);
      const [label] = await t.db.select().from(labels).where(eq(labels.id, made.entityId));
      expect(label?.name).toBe('Warp');
    }
  });

  it('limits creates and edits per account', async () => {
    const res = await call(t, await contributor(t), 'POST', '/submissions/labels', {
      name: 'Limited',
      note: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-ratelimit-limit']).toBe(String(SUBMISSIONS_PER_HOUR));
  });

  it('refuses the signed out, non-contributors and unconfirmed accounts', async () => {
    const res = await call(t, null, 'POST', '/submissions/artists', artistPayload());
    expect(res.statusCode).toBe(401);
    const outsider = await member(t, { contributorStatus: ContributorStatus.NOT_A_CONTRIBUTOR });
    const refused = await call(t, outsider, 'POST', '/submissions/artists', artistPayload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only contributors may submit changes');
    const unconfirmed = await member(t, { accountStatus: AccountStatus.NOT_CONFIRMED });
    const early = await call(t, unconfirmed, 'POST', '/submissions/artists', artistPayload());
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Please confirm your email address first');
  });

  it('keeps an update open for contributors and applies it for editors', async () => {
    const artist = await createArtist(t.db, { name: 'Old name' });
    const open = await submitAs(
      t,
      await contributor(t),
      'artist',
      artistPayload('New name'),
      artist.id,
    );
    expect(open).toMatchObject({
      method: SubmissionMethod.UPDATE,
      submissionStatus: SubmissionStatus.OPEN,
      appliedAt: null,
      original: { name: 'Old name', nameLatin: null, bio: null },
      changes: { name: 'New name' },
    });
    const [still] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(still?.name).toBe('Old name');

    // One open update per entity.
    const second = await call(
      t,
      await contributor(t),
      'POST',
      `/submissions/artists/${artist.id}`,
      artistPayload('Other'),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This artist already has an open contribution: vote on it or wait until it is decided',
    );

    const other = await createArtist(t.db, { name: 'Before' });
    const byEditor = await submitAs(t, await editor(t), 'artist', artistPayload('After'), other.id);
    expect(byEditor.submissionStatus).toBe(SubmissionStatus.APPROVED);
    const [changed] = await t.db.select().from(artists).where(eq(artists.id, other.id));
    expect(changed?.name).toBe('After');

    const missing = await call(
      t,
      await contributor(t),
      'POST',
      '/submissions/artists/nope',
      artistPayload(),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('approves an open update with 3 up-votes, applying it', async () => {
    const artist = await createArtist(t.db, { name: 'Slowdive' });
    const open = await submitAs(
      t,
      await contributor(t),
      'artist',
      { ...artistPayload('Slowdive!'), bio: 'Reading band' },
      artist.id,
    );
    const voters = await trustedMembers(t, 3);
    const afterTwo = await votesOf(t, voters.slice(0, 2), 'artist', open.id, 1);
    expect(afterTwo.submissionStatus).toBe(SubmissionStatus.OPEN);
    expect(afterTwo.votes.map((v) => v.type)).toEqual([1, 1]);
    const done = await votesOf(t, voters.slice(2), 'artist', open.id, 1);
    expect(done.submissionStatus).toBe(SubmissionStatus.APPROVED);
    expect(done.appliedAt).not.toBeNull();
    const [row] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(row).toMatchObject({ name: 'Slowdive!', bio: 'Reading band' });
    // Decided: no more votes.
    const late = await voteAs(t, await trusted(t), 'artist', open.id, -1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This contribution is no longer open for votes');
    await expectCountersConsistent(t);
  });

  it('disapproves an open update with 3 down-votes and lets a new one be opened', async () => {
    const artist = await createArtist(t.db, { name: 'Cocteau Twins' });
    const open = await submitAs(
      t,
      await contributor(t),
      'artist',
      artistPayload('Coctaeu'),
      artist.id,
    );
    const done = await votesOf(t, await trustedMembers(t, 3), 'artist', open.id, -1);
    expect(done.submissionStatus).toBe(SubmissionStatus.DISAPPROVED);
    const [row] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(row?.name).toBe('Cocteau Twins');
    await submitAs(t, await contributor(t), 'artist', artistPayload('Cocteau Twins.'), artist.id);
  });

  it('lets an editor’s vote decide at once, and an admin’s', async () => {
    const artist = await createArtist(t.db);
    const open = await submitAs(
      t,
      await contributor(t),
      'artist',
      artistPayload('Decided'),
      artist.id,
    );
    const card = await ok<SubmissionCard>(voteAs(t, await editor(t), 'artist', open.id, 1));
    expect(card.submissionStatus).toBe(SubmissionStatus.APPROVED);

    const made = await submitAs(t, await contributor(t), 'label', { name: 'Dubious', note: 'x' });
    const refused = await ok<SubmissionCard>(voteAs(t, await admin(t), 'label', made.id, -1));
    expect(refused.submissionStatus).toBe(SubmissionStatus.PENDING_ENTITY_DELETION);
  });

  it('refuses votes below trusted, on one’s own submission, and signed out', async () => {
    const author = await trusted(t);
    const made = await submitAs(t, author, 'artist', artistPayload('Mine'));
    const own = await voteAs(t, author, 'artist', made.id, 1);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot vote on your own contribution');
    const low = await voteAs(t, await contributor(t), 'artist', made.id, 1);
    expect(low.statusCode).toBe(403);
    expect(low.json().message).toBe('Only trusted contributors may vote on contributions');
    const out = await call(t, null, 'PATCH', `/submissions/artists/vote/${made.id}`, { vote: 1 });
    expect(out.statusCode).toBe(401);
    const bad = await voteAs(t, await trusted(t), 'artist', made.id, 0 as 1);
    expect(bad.statusCode).toBe(400);
    const wrongKind = await voteAs(t, await trusted(t), 'label', made.id, 1);
    expect(wrongKind.statusCode).toBe(404);
  });

  it('replaces a vote with a new one, keeping the counters right', async () => {
    const made = await submitAs(t, await contributor(t), 'artist', artistPayload('Changing minds'));
    const voter = await trusted(t);
    await ok(voteAs(t, voter, 'artist', made.id, 1));
    const card = await ok<SubmissionCard>(voteAs(t, voter, 'artist', made.id, -1));
    expect(card.votes).toEqual([expect.objectContaining({ userId: voter.user.id, type: -1 })]);
    const again = await ok<SubmissionCard>(voteAs(t, voter, 'artist', made.id, -1));
    expect(again.votes).toHaveLength(1);
    await expectCountersConsistent(t);
  });

  it('approves an auto-approved create with 3 up-votes', async () => {
    const made = await submitAs(t, await contributor(t), 'artist', artistPayload('Liked'));
    const card = await votesOf(t, await trustedMembers(t, 3), 'artist', made.id, 1);
    expect(card.submissionStatus).toBe(SubmissionStatus.APPROVED);
  });

  it('keeps genre creates open until 5 votes decide, and genre names unique', async () => {
    const parent = await createGenre(t.db, { name: 'Rock' });
    const payload = {
      title: 'Shoegaze',
      description: 'Loud and dreamy',
      parentIds: [parent.id],
      note: 'Missing',
    };
    const open = await submitAs(t, await contributor(t), 'genre', payload);
    expect(open).toMatchObject({
      submissionStatus: SubmissionStatus.OPEN,
      genreId: open.entityId,
      changes: {
        name: 'Shoegaze',
        bio: 'Loud and dreamy',
        parents: [{ id: parent.id, name: 'Rock' }],
      },
    });
    expect(await t.db.select().from(genres).where(eq(genres.id, open.entityId))).toEqual([]);
    const voters = await trustedMembers(t, 5);
    const four = await votesOf(t, voters.slice(0, 4), 'genre', open.id, 1);
    expect(four.submissionStatus).toBe(SubmissionStatus.OPEN);
    const five = await votesOf(t, voters.slice(4), 'genre', open.id, 1);
    expect(five.submissionStatus).toBe(SubmissionStatus.APPROVED);
    const genre = await ok<{ name: string; parents: { id: string }[] }>(
      call(t, null, 'GET', `/genres/${open.entityId}`),
    );
    expect(genre).toMatchObject({ name: 'Shoegaze', parents: [{ id: parent.id }] });

    const taken = await call(t, await editor(t), 'POST', '/submissions/genres', {
      ...payload,
      title: 'SHOEGAZE',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A genre named "SHOEGAZE" already exists');

    // A genre cannot become its own ancestor.
    const child = await createGenre(t.db, { parents: [parent] });
    const cycle = await call(t, await editor(t), 'POST', `/submissions/genres/${parent.id}`, {
      title: 'Rock',
      parentIds: [child.id],
      note: 'x',
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(
      'A genre cannot be its own parent or the parent of its ancestors',
    );

    const byEditor = await submitAs(t, await editor(t), 'genre', { title: 'Dream pop', note: 'x' });
    expect(byEditor.submissionStatus).toBe(SubmissionStatus.APPROVED);
    const edit = await submitAs(
      t,
      await contributor(t),
      'genre',
      { title: 'Dream-pop', note: 'x' },
      byEditor.entityId,
    );
    expect(edit.submissionStatus).toBe(SubmissionStatus.OPEN);
    const down = await votesOf(t, await trustedMembers(t, 5), 'genre', edit.id, -1);
    expect(down.submissionStatus).toBe(SubmissionStatus.DISAPPROVED);
    await expectCountersConsistent(t);
  });

  it('refuses unknown ids, naming them, and uses the spec’s validation wording', async () => {
    const who = await contributor(t);
    const real = await createArtist(t.db);
    const unknown = await call(t, who, 'POST', '/submissions/releases', {
      title: 'Lost',
      type: 1,
      artistsIds: [real.id, 'a1', 'b2'],
      note: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown artist ids: a1, b2');
    const labelsUnknown = await call(t, who, 'POST', '/submissions/releases', {
      title: 'Lost',
      type: 1,
      artistsIds: [real.id],
      labelsIds: ['zz'],
      note: 'x',
    });
    expect(labelsUnknown.json().message).toBe('Unknown label ids: zz');
    const langs = await call(t, who, 'POST', '/submissions/releases', {
      title: 'Lost',
      type: 1,
      artistsIds: [real.id],
      languagesIds: ['xx-none'],
      note: 'x',
    });
    expect(langs.json().message).toBe('Unknown language ids: xx-none');
    const parents = await call(t, who, 'POST', '/submissions/genres', {
      title: 'Orphan',
      parentIds: ['p1'],
      note: 'x',
    });
    expect(parents.json().message).toBe('Unknown genre ids: p1');

    const invalid = await call(t, who, 'POST', '/submissions/releases', {
      title: '',
      titleLatin: 'Latin',
      type: 1,
      artistsIds: [real.id],
      date: 'yesterday',
      note: 'x',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toEqual(
      expect.arrayContaining([
        'title must be longer than or equal to 1 characters',
        '"date" must be a valid date string',
      ]),
    );
    const latin = await call(t, who, 'POST', '/submissions/releases', {
      title: 'Plain title',
      titleLatin: 'Plain',
      type: 1,
      artistsIds: [real.id],
      note: 'x',
    });
    expect(latin.json().message).toEqual([
      'Latin title should only be used when the original title contains non-Latin characters',
    ]);
    const noNote = await call(t, who, 'POST', '/submissions/labels', { name: 'Label', note: '' });
    expect(noNote.json().message).toEqual(['note must be longer than or equal to 1 characters']);
    const noArtists = await call(t, who, 'POST', '/submissions/releases', {
      title: 'T',
      type: 1,
      artistsIds: [],
      note: 'x',
    });
    expect(noArtists.statusCode).toBe(400);
  });
});
