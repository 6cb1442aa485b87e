import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  ContributorStatus,
  type Release,
  type ReleaseGenreVotes,
} from '@earmark/common';
import { releaseGenres, releaseGenreVotes } from '../../db/schema/catalogue';
import { buildTestApp, createUser, login, TEST_ORIGIN, type TestApp } from '../../../test/helpers';
import {
  createGenre,
  createRelease,
  type GenreRow,
  type ReleaseRow,
} from '../../../test/catalogue-factories';

describe('genres: votes on a release', () => {
  let t: TestApp;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const signIn = async () => {
      const { user, password } = await createUser(t.db);
      return { id: user.id, cookie: await login(t.app, user.email, password) };
    };
    alice = await signIn();
    bob = await signIn();
  });
  afterAll(async () => t?.close());

  const vote = (cookie: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/genres/rg',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const unvote = (cookie: string, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/genres/rg/${id}`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const votes = async (releaseId: string, cookie?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/genres/release/${releaseId}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<ReleaseGenreVotes>();
  };
  const pageGenres = async (releaseId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/releases/${releaseId}` })).json<Release>()
      .genres;

  /** The stored counters must equal a recount of the votes. */
  async function expectCountersMatchVotes(release: ReleaseRow, genre: GenreRow) {
    const [stored] = await t.db
      .select()
      .from(releaseGenres)
      .where(and(eq(releaseGenres.releaseId, release.id), eq(releaseGenres.genreId, genre.id)));
    const [count] = await t.db
      .select({
        up: sql<number>`count(*) filter (where ${releaseGenreVotes.vote} = 1)`.mapWith(Number),
        down: sql<number>`count(*) filter (where ${releaseGenreVotes.vote} = -1)`.mapWith(Number),
      })
      .from(releaseGenreVotes)
      .where(
        and(eq(releaseGenreVotes.releaseId, release.id), eq(releaseGenreVotes.genreId, genre.id)),
      );
    if (count!.up + count!.down === 0) {
      expect(stored).toBeUndefined();
      return;
    }
    expect(stored).toMatchObject({
      upvotes: count!.up,
      downvotes: count!.down,
      score: count!.up - count!.down,
    });
  }

  it('keeps one vote per user, replaced by a new one, and shows each viewer their own', async () => {
    const release = await createRelease(t.db);
    const genre = await createGenre(t.db, { name: 'Shoegaze' });

    const first = await vote(alice.cookie, { releaseId: release.id, genreId: genre.id, vote: 1 });
    expect(first.statusCode).toBe(200);
    const [row] = first.json<ReleaseGenreVotes>();
    expect(row).toMatchObject({
      id: genre.id,
      name: 'Shoegaze',
      score: 1,
      upvotes: 1,
      downvotes: 0,
    });
    expect(row!.myVote).toEqual({ id: expect.any(String), vote: 1 });
    const voteId = row!.myVote!.id;

    // The same vote again changes nothing.
    const again = await vote(alice.cookie, { releaseId: release.id, genreId: genre.id, vote: 1 });
    expect(again.json<ReleaseGenreVotes>()[0]).toMatchObject({ score: 1, upvotes: 1 });
    await expectCountersMatchVotes(release, genre);

    // Bob agrees; Alice changes her mind.
    await vote(bob.cookie, { releaseId: release.id, genreId: genre.id, vote: 1 });
    const changed = await vote(alice.cookie, {
      releaseId: release.id,
      genreId: genre.id,
      vote: -1,
    });
    expect(changed.json<ReleaseGenreVotes>()).toEqual([
      {
        id: genre.id,
        name: 'Shoegaze',
        score: 0,
        upvotes: 1,
        downvotes: 1,
        myVote: { id: voteId, vote: -1 },
      },
    ]);
    await expectCountersMatchVotes(release, genre);

    // Bob sees his own vote; a signed-out viewer sees none.
    expect((await votes(release.id, bob.cookie))[0]!.myVote).toMatchObject({ vote: 1 });
    expect((await votes(release.id))[0]!.myVote).toBeNull();
    // A score of zero keeps the genre off the release page.
    expect(await pageGenres(release.id)).toEqual([]);
  });

  it('orders genres by score, and the release page shows only positive ones', async () => {
    const release = await createRelease(t.db);
    const [dream, noise, drone] = [
      await createGenre(t.db, { name: 'Dream Pop' }),
      await createGenre(t.db, { name: 'Noise Pop' }),
      await createGenre(t.db, { name: 'Drone' }),
    ];
    await vote(alice.cookie, { releaseId: release.id, genreId: noise.id, vote: 1 });
    await vote(bob.cookie, { releaseId: release.id, genreId: noise.id, vote: 1 });
    await vote(alice.cookie, { releaseId: release.id, genreId: dream.id, vote: 1 });
    await vote(bob.cookie, { releaseId: release.id, genreId: drone.id, vote: -1 });

    const list = await votes(release.id, alice.cookie);
    expect(list.map((g) => [g.name, g.score, g.myVote?.vote ?? null])).toEqual([
      ['Noise Pop', 2, 1],
      ['Dream Pop', 1, 1],
      ['Drone', -1, null],
    ]);
    expect(await pageGenres(release.id)).toEqual([
      { id: noise.id, name: 'Noise Pop', score: 2 },
      { id: dream.id, name: 'Dream Pop', score: 1 },
    ]);
  });

  it('lets a voter remove only their own vote', async () => {
    const release = await createRelease(t.db);
    const genre = await createGenre(t.db);
    const mine = (
      await vote(alice.cookie, { releaseId: release.id, genreId: genre.id, vote: 1 })
    ).json<ReleaseGenreVotes>()[0]!.myVote!.id;
    await vote(bob.cookie, { releaseId: release.id, genreId: genre.id, vote: 1 });

    const refused = await unvote(bob.cookie, mine);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only remove your own vote');

    const removed = await unvote(alice.cookie, mine);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ReleaseGenreVotes>()).toEqual([
      { id: genre.id, name: genre.name, score: 1, upvotes: 1, downvotes: 0, myVote: null },
    ]);
    await expectCountersMatchVotes(release, genre);

    const gone = await unvote(alice.cookie, mine);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Genre vote not found');

    // The last vote gone, the genre leaves the release's list.
    const bobs = (await votes(release.id, bob.cookie))[0]!.myVote!.id;
    expect((await unvote(bob.cookie, bobs)).json()).toEqual([]);
    await expectCountersMatchVotes(release, genre);
  });

  it('needs a signed-in, confirmed contributor', async () => {
    const release = await createRelease(t.db);
    const genre = await createGenre(t.db);
    const payload = { releaseId: release.id, genreId: genre.id, vote: 1 };

    const signedOut = await vote(null, payload);
    expect(signedOut.statusCode).toBe(401);

    const unconfirmed = await createUser(t.db, { accountStatus: AccountStatus.NOT_CONFIRMED });
    const u = await vote(await login(t.app, unconfirmed.user.email, unconfirmed.password), payload);
    expect(u.statusCode).toBe(403);
    expect(u.json().message).toBe('Please confirm your email address first');

    const outsider = await createUser(t.db, {
      contributorStatus: ContributorStatus.NOT_A_CONTRIBUTOR,
    });
    const o = await vote(await login(t.app, outsider.user.email, outsider.password), payload);
    expect(o.statusCode).toBe(403);
    expect(o.json().message).toBe('Only contributors can vote on genres');

    expect(await votes(release.id)).toEqual([]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/genres/rg/whatever',
      headers: { origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(401);
  });

  it('answers 404 for unknown or hidden releases and genres, 400 for a bad vote', async () => {
    const release = await createRelease(t.db);
    const genre = await createGenre(t.db);
    const hiddenRelease = await createRelease(t.db, { pendingDeletion: true });
    const hiddenGenre = await createGenre(t.db, { pendingDeletion: true });
    const cases: [object, string][] = [
      [{ releaseId: 'nope', genreId: genre.id, vote: 1 }, 'Release not found'],
      [{ releaseId: hiddenRelease.id, genreId: genre.id, vote: 1 }, 'Release not found'],
      [{ releaseId: release.id, genreId: 'nope', vote: 1 }, 'Genre not found'],
      [{ releaseId: release.id, genreId: hiddenGenre.id, vote: -1 }, 'Genre not found'],
    ];
    for (const [payload, message] of cases) {
      const res = await vote(alice.cookie, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    const bad = await vote(alice.cookie, { releaseId: release.id, genreId: genre.id, vote: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['vote must be one of the following values: 1, -1']);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/genres/release/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Release not found');
  });
});
