import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../client';
import {
  artists,
  genreParents,
  genres,
  labels,
  languages,
  releaseArtists,
  releaseGenres,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
} from '../../schema/catalogue';
import { entries } from '../../schema/entries';
import { users } from '../../schema/users';
import { loadDemoCatalogue } from './data';
import type { RatingListener } from './ratings';
import { loadDemoReviews } from './review-data';
import { buildSeedRows } from './rows';

const TABLES = {
  artists,
  genreParents,
  genres,
  labels,
  languages,
  releaseArtists,
  releaseGenres,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
  entries,
  users,
};

/** Row counts of every table the seed writes. */
export async function countTables(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

/** Release stats, user entry counts and genre scores equal a recount of their rows. */
export async function expectConsistentStats(db: Db): Promise<void> {
  const recount = await db
    .select({
      id: releases.id,
      ratingsCount: releases.ratingsCount,
      ratingsSum: releases.ratingsSum,
      ratingsAvg: releases.ratingsAvg,
      entriesCount: releases.entriesCount,
      entries: sql<number>`count(${entries.id})::int`,
      ratings: sql<number>`count(${entries.rating})::int`,
      sum: sql<number>`coalesce(sum(${entries.rating}), 0)::int`,
    })
    .from(releases)
    .leftJoin(entries, eq(entries.releaseId, releases.id))
    .groupBy(releases.id);
  for (const r of recount) {
    expect([r.ratingsCount, r.ratingsSum, r.entriesCount]).toEqual([r.ratings, r.sum, r.entries]);
    if (r.ratings === 0) expect(r.ratingsAvg).toBeNull();
    else expect(r.ratingsAvg).toBeCloseTo(r.sum / r.ratings, 9);
  }

  const perUser = await db
    .select({ stored: users.entriesCount, actual: sql<number>`count(${entries.id})::int` })
    .from(users)
    .leftJoin(entries, eq(entries.userId, users.id))
    .groupBy(users.id);
  for (const u of perUser) expect(u.stored).toBe(u.actual);

  const scores = await db
    .select({
      score: releaseGenres.score,
      upvotes: releaseGenres.upvotes,
      downvotes: releaseGenres.downvotes,
      up: sql<number>`count(*) filter (where ${releaseGenreVotes.vote} = 1)::int`,
      down: sql<number>`count(*) filter (where ${releaseGenreVotes.vote} = -1)::int`,
    })
    .from(releaseGenres)
    .leftJoin(
      releaseGenreVotes,
      and(
        eq(releaseGenreVotes.releaseId, releaseGenres.releaseId),
        eq(releaseGenreVotes.genreId, releaseGenres.genreId),
      ),
    )
    .groupBy(releaseGenres.releaseId, releaseGenres.genreId);
  for (const s of scores) {
    expect([s.upvotes, s.downvotes, s.score]).toEqual([s.up, s.down, s.up - s.down]);
  }
}

/** The bundled catalogue's seed rows for `listeners` on day `now`, built without a database. */
export function bundledSeedRows(listeners: readonly RatingListener[], now: Date) {
  return buildSeedRows({
    catalogue: loadDemoCatalogue(),
    genreIds: new Map(),
    covers: [],
    adminId: 'admin',
    listeners,
    reviews: loadDemoReviews(),
    now,
  });
}
