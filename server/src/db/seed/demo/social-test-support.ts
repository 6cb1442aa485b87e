import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../client';
import { counterDrift } from '../../recount';
import { releases, tracks } from '../../schema/catalogue';
import { entries, entryTags, reviewVotes, trackVotes, userTags } from '../../schema/entries';
import { follows } from '../../schema/follows';
import { users } from '../../schema/users';

/** Every counter the seed set equals its production recount (db/recount). */
export async function expectCountersMatchRecount(db: Db): Promise<void> {
  expect(await counterDrift(db)).toEqual([]);
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
