import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEarmark } from '../lib/earmark';
import {
  createDatabase,
  databaseComment,
  databaseExists,
  databaseUrl,
  dropDatabase,
  setDatabaseComment,
  withClient,
} from '../lib/postgres';
import { datasetSize, generateDataset, type StepTiming } from './generate';
import type { Samples } from './scenarios';
import { sampleSearchQueries } from './search';

export interface Dataset {
  name: string;
  url: string;
  reused: boolean;
  kept: boolean;
  generation: { totalMs: number; steps: StepTiming[] } | null;
  /** Drops the database unless it is kept. */
  release(): Promise<void>;
}

/** Raised when what the generator makes changes, so an older kept dataset is made again. */
const DATASET_VERSION = 4;

/**
 * Set on the database once generation finished, so a kept one is only
 * reused when complete and made by this version of the generator.
 */
const completeMarker = (scale: number) =>
  `earmark bench dataset ${DATASET_VERSION}, scale ${scale}, complete`;

/** Runs the server's own migrations: start it once without the demo seed, then stop it. */
async function migrate(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-migrate-'));
  try {
    const server = await startEarmark({ dataDir, databaseUrl: url, seedDemo: false });
    await server.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A database holding the large dataset: a fresh one named after the run, or,
 * with `keep`, a fixed name reused by the next run that keeps it too.
 */
export async function prepareDataset(opts: {
  at: string;
  scale: number;
  keep: boolean;
}): Promise<Dataset> {
  const suffix = opts.scale === 1 ? '' : `_s${String(opts.scale).replace('.', '_')}`;
  // BENCH_DB_NAME gives a kept dataset another name, so branches with other migrations keep theirs apart.
  const keptName = process.env.BENCH_DB_NAME ?? `earmark_bench_large${suffix}`;
  const name = opts.keep ? keptName : `earmark_bench_${opts.at}`;
  const url = databaseUrl(name);
  const marker = completeMarker(opts.scale);
  const base = { name, url, kept: opts.keep };

  if (opts.keep && (await databaseExists(name))) {
    if ((await databaseComment(name)) === marker) {
      console.log(`Reusing the kept dataset in database ${name}.`);
      return { ...base, reused: true, generation: null, release: async () => undefined };
    }
    console.log(`Database ${name} holds an incomplete or older dataset: generating it again.`);
    await dropDatabase(name);
  }

  const drop = await createDatabase(name, opts.keep);
  const release = async () => {
    if (!opts.keep) await drop();
  };
  try {
    const size = datasetSize(opts.scale);
    console.log(`Generating into database ${name}:`, size);
    const started = performance.now();
    await migrate(url);
    const steps: StepTiming[] = [{ step: 'migrate', ms: Math.round(performance.now() - started) }];
    steps.push(...(await generateDataset(url, size)));
    const totalMs = Math.round(performance.now() - started);
    console.log(`Generated in ${(totalMs / 1000).toFixed(1)} s.`);
    await setDatabaseComment(name, marker);
    return { ...base, reused: false, generation: { totalMs, steps }, release };
  } catch (err) {
    // A kept database is not left half-filled under the reusable name.
    await drop();
    throw err;
  }
}

/** The dataset a run asks for: `BENCH_SCALE` (default 1), kept with `BENCH_KEEP_DB=1`. */
export async function prepareDatasetFromEnv(
  at: string,
): Promise<{ dataset: Dataset; scale: number }> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const keep = process.env.BENCH_KEEP_DB === '1';
  return { dataset: await prepareDataset({ at, scale, keep }), scale };
}

export async function datasetCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<Record<string, string>>(`select
      (select count(*) from releases) as releases,
      (select count(*) from artists) as artists,
      (select count(*) from labels) as labels,
      (select count(*) from genres) as genres,
      (select count(*) from users) as users,
      (select count(*) from tracks) as tracks,
      (select count(*) from release_genre_votes) as genre_votes,
      (select count(rating) from entries) as ratings,
      (select count(review) from entries) as reviews,
      (select count(*) from review_votes) as review_votes,
      (select count(*) from releases where ratings_count >= 15) as top_eligible,
      (select max(ratings_count) from releases) as max_ratings_per_release,
      (select count(*) from entries where created_at >= now() - interval '30 days') as entries_last_30_days`);
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });
}

const visibleRelease = `pending_deletion = false and merged_into_id is null`;

/** The samples, but the deep pages: those are read from the running server (see depth.ts). */
export async function sampleIds(url: string): Promise<Omit<Samples, 'deep'>> {
  return withClient(url, async (c) => {
    const ids = async (sql: string) => (await c.query<{ id: string }>(sql)).rows.map((r) => r.id);
    const years = await c.query<{ year: number }>(`select extract(year from date)::int as year
      from releases where ratings_count >= 15 and ${visibleRelease}
      group by 1 order by count(*) desc limit 10`);
    const users = await c.query<{ id: string; username: string }>(`select id, username from users
      where account_status not in (80, 100) order by id`);
    return {
      years: years.rows.map((r) => r.year),
      genreIds: await ids(`select genre_id as id from release_genres
        group by genre_id order by count(*) desc limit 20`),
      labelIds: await ids(`select label_id as id from release_labels order by random() limit 500`),
      allReleaseIds: await ids(`select id from releases where ${visibleRelease} order by id`),
      allUsers: users.rows,
      longestReleaseIds: await ids(`select id from releases where ${visibleRelease}
        order by ratings_count desc, id limit 10`),
      longestUserIds: await ids(`select id from users where account_status not in (80, 100)
        order by entries_count desc, id limit 10`),
      releaseIds: await ids(`select id from releases
        where pending_deletion = false and merged_into_id is null order by random() limit 2000`),
      ratedReleaseIds: await ids(`select release_id as id from entries
        where rating is not null order by random() limit 1000`),
      reviewedReleaseIds: await ids(`select release_id as id from entries
        where review is not null order by random() limit 1000`),
      activeUserIds: await ids(`select user_id as id from entries order by random() limit 1000`),
      searchQueries: await sampleSearchQueries(c),
    };
  });
}
