import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../client';
import { releases, tracks } from '../../schema/catalogue';
import { entries, entryTags, reviewVotes, trackVotes, userTags } from '../../schema/entries';
import { follows } from '../../schema/follows';
import { users } from '../../schema/users';

/**
 * Recounts for the demo seed tests: every counter the social layer touches
 * compared with a count of the rows it summarises.
 */

const n = (column: unknown) => sql<number>`count(${column})::int`;

export async function expectCountersMatchRecount(db: Db): Promise<void> {
  const perRelease = await db
    .select({
      stored: sql<
        number[]
      >`array[${releases.ratingsCount}, ${releases.ratingsSum}, ${releases.entriesCount}, ${releases.reviewsCount}]`,
      avg: releases.ratingsAvg,
      ratings: n(entries.rating),
      sum: sql<number>`coalesce(sum(${entries.rating}), 0)::int`,
      entries: n(entries.id),
      reviews: n(entries.review),
    })
    .from(releases)
    .leftJoin(entries, eq(entries.releaseId, releases.id))
    .groupBy(releases.id);
  for (const r of perRelease) {
    expect(r.stored).toEqual([r.ratings, r.sum, r.entries, r.reviews]);
    if (r.ratings === 0) expect(r.avg).toBeNull();
    else expect(r.avg).toBeCloseTo(r.sum / r.ratings, 9);
  }

  const perTrack = await db
    .select({
      stored: sql<number[]>`array[${tracks.upvotes}, ${tracks.downvotes}]`,
      up: sql<number>`count(*) filter (where ${trackVotes.vote} = 1)::int`,
      down: sql<number>`count(*) filter (where ${trackVotes.vote} = -1)::int`,
    })
    .from(tracks)
    .leftJoin(trackVotes, eq(trackVotes.trackId, tracks.id))
    .groupBy(tracks.id);
  for (const t of perTrack) expect(t.stored).toEqual([t.up, t.down]);

  const perEntryTracks = await db
    .select({ stored: entries.trackVotesCount, actual: n(trackVotes.trackId) })
    .from(entries)
    .leftJoin(trackVotes, eq(trackVotes.entryId, entries.id))
    .groupBy(entries.id);
  for (const e of perEntryTracks) expect(e.stored).toBe(e.actual);

  const perEntryReviews = await db
    .select({
      stored: sql<number[]>`array[${entries.reviewUpvotes}, ${entries.reviewDownvotes}]`,
      up: sql<number>`count(*) filter (where ${reviewVotes.vote} = 1)::int`,
      down: sql<number>`count(*) filter (where ${reviewVotes.vote} = -1)::int`,
    })
    .from(entries)
    .leftJoin(reviewVotes, eq(reviewVotes.entryId, entries.id))
    .groupBy(entries.id);
  for (const e of perEntryReviews) expect(e.stored).toEqual([e.up, e.down]);

  const tallies = async (rows: Promise<{ id: string; n: number }[]>) =>
    new Map((await rows).map((r) => [r.id, r.n]));
  const count = sql<number>`count(*)::int`;
  const [entriesBy, reviewsBy, followersBy, followingBy] = await Promise.all([
    tallies(db.select({ id: entries.userId, n: count }).from(entries).groupBy(entries.userId)),
    tallies(
      db
        .select({ id: entries.userId, n: count })
        .from(entries)
        .where(sql`${entries.review} is not null`)
        .groupBy(entries.userId),
    ),
    tallies(
      db.select({ id: follows.followingId, n: count }).from(follows).groupBy(follows.followingId),
    ),
    tallies(
      db.select({ id: follows.followerId, n: count }).from(follows).groupBy(follows.followerId),
    ),
  ]);
  const perUser = await db.select().from(users);
  for (const u of perUser) {
    expect([u.entriesCount, u.reviewsCount, u.followersCount, u.followingCount]).toEqual(
      [entriesBy, reviewsBy, followersBy, followingBy].map((m) => m.get(u.id) ?? 0),
    );
  }
}

/** Rows that must not exist: own-review votes, self follows, tags on someone else's entry. */
export async function countForbiddenRows(db: Db): Promise<Record<string, number>> {
  const [selfVotes] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .innerJoin(entries, eq(entries.id, reviewVotes.entryId))
    .where(eq(entries.userId, reviewVotes.userId));
  const [votesWithoutReview] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .innerJoin(entries, eq(entries.id, reviewVotes.entryId))
    .where(sql`${entries.review} is null`);
  const [selfFollows] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.followerId, follows.followingId));
  const [foreignTags] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entryTags)
    .innerJoin(entries, eq(entries.id, entryTags.entryId))
    .innerJoin(userTags, eq(userTags.id, entryTags.tagId))
    .where(sql`${userTags.userId} <> ${entries.userId}`);
  const [foreignTracks] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackVotes)
    .innerJoin(entries, eq(entries.id, trackVotes.entryId))
    .innerJoin(tracks, eq(tracks.id, trackVotes.trackId))
    .where(sql`${tracks.releaseId} <> ${entries.releaseId}`);
  return {
    selfVotes: selfVotes!.n,
    votesWithoutReview: votesWithoutReview!.n,
    selfFollows: selfFollows!.n,
    foreignTags: foreignTags!.n,
    foreignTracks: foreignTracks!.n,
  };
}

const TABLES = { entries, userTags, entryTags, trackVotes, reviewVotes, follows, users, releases };

export async function countSocialTables(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = row!.n;
  }
  return out;
}
