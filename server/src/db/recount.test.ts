import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentTargetKind, ContributorStatus, HIDDEN_ACCOUNT_STATUSES } from '@earmark/common';
import {
  artists,
  labels,
  releaseArtists,
  releaseGenres,
  releases,
  tracks,
} from './schema/catalogue';
import { entries } from './schema/entries';
import { submissions } from './schema/submissions';
import { users } from './schema/users';
import { recountCounters } from './recount';
import { rowsOf } from './rows';
import { HIDDEN_STATUSES_SQL } from './recount-sql';
import {
  call,
  counterMismatches,
  members,
  ok,
  type Member,
} from '../features/entries/test-support';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createGenre, createLabel, createRelease } from '../../test/catalogue-factories';

describe('recount: the one definition of every counter', () => {
  let t: TestApp;
  let people: Member[];
  let release: { id: string };
  let trackIds: string[];
  let genreId: string;
  let reviewId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    people = await members(t, 4);
    const [a, b, c, d] = people as [Member, Member, Member, Member];
    release = await createRelease(t.db, { tracks: 3 });
    trackIds = (
      await t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, release.id))
    ).map((r) => r.id);
    genreId = (await createGenre(t.db)).id;

    // Everything through the API, as people would.
    for (const [who, rating] of [
      [a, 80],
      [b, 60],
      [c, 90],
    ] as const) {
      await ok(call(t, who, 'POST', '/entries', { releaseId: release.id, rating }), 201);
    }
    const review = await ok<{ id: string }>(
      call(t, a, 'POST', '/entries', { releaseId: release.id, review: 'Worth it.' }),
    );
    reviewId = review.id;
    await ok(call(t, b, 'POST', `/entries/review/${reviewId}/votes`, { vote: 1 }));
    await ok(call(t, c, 'POST', `/entries/review/${reviewId}/votes`, { vote: -1 }));
    await ok(call(t, d, 'POST', `/entries/track/${release.id}/${trackIds[0]}`, { vote: 1 }));
    await ok(call(t, b, 'POST', `/entries/track/${release.id}/${trackIds[1]}`, { vote: -1 }));
    await ok(call(t, a, 'POST', '/genres/rg', { releaseId: release.id, genreId, vote: 1 }));
    await ok(call(t, b, 'POST', '/genres/rg', { releaseId: release.id, genreId, vote: -1 }));
    await ok(call(t, c, 'POST', '/genres/rg', { releaseId: release.id, genreId, vote: 1 }));
    await ok(call(t, a, 'POST', `/users/${b.user.id}/following`));
    await ok(call(t, c, 'POST', `/users/${b.user.id}/following`));
    await ok(call(t, b, 'POST', `/users/${a.user.id}/following`));
    await ok(call(t, c, 'DELETE', `/users/${b.user.id}/following`));
  });
  afterAll(async () => t?.close());

  it('finds every counter the services kept equal to its recount', async () => {
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('sets a deliberately broken counter of each kind right, and says which', async () => {
    const [a] = people as [Member];
    await t.db.update(releases).set({ ratingsCount: 7 }).where(eq(releases.id, release.id));
    await t.db.update(tracks).set({ upvotes: 5 }).where(eq(tracks.id, trackIds[0]!));
    await t.db.update(entries).set({ reviewUpvotes: 9 }).where(eq(entries.id, reviewId));
    await t.db
      .update(users)
      .set({ followersCount: 3, ratingsCount: 4 })
      .where(eq(users.id, a.user.id));
    await t.db.execute(sql`update release_genres set score = 40 where release_id = ${release.id}`);
    // A score row for a genre nobody voted for goes.
    const stray = await createGenre(t.db);
    await t.db.insert(releaseGenres).values({ releaseId: release.id, genreId: stray.id, score: 2 });

    const [credit] = await t.db
      .select({ artistId: releaseArtists.artistId })
      .from(releaseArtists)
      .where(eq(releaseArtists.releaseId, release.id));
    await t.db.update(artists).set({ releasesCount: 9 }).where(eq(artists.id, credit!.artistId));
    // A label credited on no release, said to have visible releases.
    const label = await createLabel(t.db);
    await t.db.update(labels).set({ visibleReleasesCount: 5 }).where(eq(labels.id, label.id));
    // The review's day counts 4, and a day with no review counts 2.
    const [reviewed] = await rowsOf<{ key: string }>(
      t.db,
      sql`update review_days set reviews = 4 where reviews = 1 returning day || ':' || slot as key`,
    );
    await t.db.execute(
      sql`insert into review_days (day, slot, reviews) values ('2001-02-03', 5, 2)`,
    );

    const changes = await recountCounters(t.db);
    expect(changes).toEqual([
      { counter: 'release stats (ratings, entries, reviews)', ids: [release.id] },
      { counter: 'reviews by day', ids: [reviewed!.key, '2001-02-03:5'] },
      { counter: 'track votes', ids: [trackIds[0]] },
      { counter: 'review votes, track votes and tags per entry', ids: [reviewId] },
      { counter: 'user entries, ratings, reviews, followers and following', ids: [a.user.id] },
      {
        counter: 'release genre scores',
        ids: expect.arrayContaining([`${release.id}:${genreId}`, `${release.id}:${stray.id}`]),
      },
      { counter: 'artist releases', ids: [credit!.artistId] },
      { counter: 'label releases', ids: [label.id] },
    ]);
    const [unused] = await t.db.select().from(labels).where(eq(labels.id, label.id));
    expect(unused).toMatchObject({ releasesCount: 0, visibleReleasesCount: 0 });
    const [artist] = await t.db.select().from(artists).where(eq(artists.id, credit!.artistId));
    expect(artist!.releasesCount).toBe(1);

    const [stats] = await t.db.select().from(releases).where(eq(releases.id, release.id));
    expect(stats).toMatchObject({ ratingsCount: 3, ratingsSum: 230, entriesCount: 4 });
    expect(stats!.ratingsAvg).toBeCloseTo(230 / 3, 9);
    const scores = await t.db
      .select({ genreId: releaseGenres.genreId, score: releaseGenres.score })
      .from(releaseGenres)
      .where(eq(releaseGenres.releaseId, release.id));
    expect(scores).toEqual([{ genreId, score: 1 }]);
    // Once right, a recount changes nothing.
    expect(await recountCounters(t.db)).toEqual([]);
  });

  it("sets the site's count of published lists right, slot by slot", async () => {
    const [a] = people as [Member];
    const listed = await ok<{ createList: { id: string } }>(
      call(t, a, 'POST', '/lists', { title: 'Counted lists' }),
      201,
    );
    await ok(call(t, a, 'PATCH', `/lists/${listed.createList.id}/publish`));
    expect(await counterMismatches(t)).toEqual([]);
    const [slot] = await rowsOf<{ slot: number }>(
      t.db,
      sql`update site_counts set published_lists = published_lists + 3
        where slot = site_count_slot(${listed.createList.id}) returning slot`,
    );
    expect(await recountCounters(t.db, { site_counts: ['all'] })).toEqual([
      { counter: 'site-wide published lists', ids: [String(slot!.slot)] },
    ]);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('recounts only the rows it is given when asked to', async () => {
    const other = await createRelease(t.db);
    await t.db.update(releases).set({ entriesCount: 5 }).where(eq(releases.id, release.id));
    await t.db.update(releases).set({ entriesCount: 6 }).where(eq(releases.id, other.id));
    expect(await recountCounters(t.db, { releases: [other.id] })).toEqual([
      { counter: 'release stats (ratings, entries, reviews)', ids: [other.id] },
    ]);
    expect(await counterMismatches(t)).toEqual([
      { counter: 'release stats (ratings, entries, reviews)', ids: [release.id] },
    ]);
    await recountCounters(t.db, { releases: [release.id] });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('recounts submission votes and comments', async () => {
    const [a, b, c] = people as [Member, Member, Member];
    await t.db
      .update(users)
      .set({ contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR })
      .where(inArray(users.id, [b.user.id, c.user.id]));
    const made = await ok<{ id: string }>(
      call(t, a, 'POST', '/submissions/labels', { name: 'Counted', note: 'x' }),
      201,
    );
    await ok(call(t, b, 'PATCH', `/submissions/labels/vote/${made.id}`, { vote: 1 }));
    await ok(call(t, c, 'PATCH', `/submissions/labels/vote/${made.id}`, { vote: -1 }));
    await ok(
      call(t, b, 'POST', '/comments', {
        entityType: CommentTargetKind.LABEL_SUBMISSION,
        entityId: made.id,
        body: 'Sure?',
      }),
      201,
    );
    expect(await counterMismatches(t)).toEqual([]);
    await t.db
      .update(submissions)
      .set({ upvotes: 5, commentsCount: 3 })
      .where(eq(submissions.id, made.id));
    expect(await recountCounters(t.db, { submissions: [made.id] })).toEqual([
      { counter: 'submission comments', ids: [made.id] },
      { counter: 'submission votes', ids: [made.id] },
    ]);
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, made.id));
    expect(row).toMatchObject({ upvotes: 1, downvotes: 1, commentsCount: 1 });
  });

  it('counts the comments of visible accounts, with the hidden statuses common names', async () => {
    expect(HIDDEN_STATUSES_SQL).toBe(HIDDEN_ACCOUNT_STATUSES.join(', '));
    await t.db.update(entries).set({ commentsCount: 4 }).where(eq(entries.id, reviewId));
    expect(await recountCounters(t.db, { entries: [reviewId] })).toEqual([
      { counter: 'review comments', ids: [reviewId] },
    ]);
    expect(await counterMismatches(t)).toEqual([]);
  });
});
