import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../client';
import { counterDrift } from '../../recount';
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

/** Release stats, user counters and genre scores equal their production recount. */
export async function expectConsistentStats(db: Db): Promise<void> {
  expect(await counterDrift(db)).toEqual([]);
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
