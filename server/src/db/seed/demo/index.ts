import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AccountStatus, ContributorStatus, SupporterStatus } from '@earmark/common';
import type { Db, Tx } from '../../client';
import {
  artists,
  genreParents,
  genres,
  labels,
  languages,
  releaseArtists,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
  type CoverFiles,
} from '../../schema/catalogue';
import { entries, entryTags, reviewVotes, trackVotes, userTags } from '../../schema/entries';
import { follows } from '../../schema/follows';
import { users } from '../../schema/users';
import { newId, newSecret } from '../../../lib/ids';
import { hashPassword } from '../../../lib/passwords';
import type { DemoCatalogue } from './catalogue-data';
import { generateCovers } from './covers';
import { DAY_MS } from './dates';
import { DEMO_PEOPLE, demoEmail } from './people';
import { createRandom } from './random';
import { recountCounters } from '../../recount';
import { buildSeedRows, demoCoverSeed } from './rows';

export interface SeedLog {
  info(message: string): void;
}

export interface SeedDemoOptions {
  /** The seed day and clock (relative dates, creation and rating times); now by default. */
  now?: Date;
  /** The catalogue to seed; the bundled demo catalogue by default. */
  catalogue?: DemoCatalogue;
  /** Make covers for the first N releases only (the rest get none); all by default. */
  coverLimit?: number;
}

export interface SeedDemoSummary {
  releases: number;
  artists: number;
  labels: number;
  genres: number;
  languages: number;
  tracks: number;
  covers: number;
  users: number;
  ratings: number;
  reviews: number;
  tags: number;
  trackVotes: number;
  reviewVotes: number;
  follows: number;
  seconds: number;
}

/** Keeps every statement well under PostgreSQL's 65,535 bound parameters. */
const CHUNK_ROWS = 500;
/** Two instances starting together on one PostgreSQL database must not both seed. */
const SEED_LOCK = 727275;

async function insertChunked<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK_ROWS) as T['$inferInsert'][]);
  }
}

async function catalogueIsEmpty(db: Db | Tx): Promise<boolean> {
  const [any] = await db.select({ id: releases.id }).from(releases).limit(1);
  return !any;
}

async function findAdminId(db: Db): Promise<string> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.contributorStatus, ContributorStatus.ADMIN))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!admin) throw new Error('The demo seed needs the admin account; create it first.');
  return admin.id;
}

/** Demo listeners whose username and address are still free, with unusable passwords. */
async function demoListeners(db: Db, nowMs: number) {
  const names = DEMO_PEOPLE.map((p) => p.username.toLowerCase());
  const taken = await db
    .select({ username: sql<string>`lower(${users.username})`, email: users.email })
    .from(users)
    .where(
      or(
        inArray(sql`lower(${users.username})`, names),
        inArray(
          users.email,
          DEMO_PEOPLE.map((p) => demoEmail(p.username)),
        ),
      ),
    );
  const takenKeys = new Set(taken.flatMap((t) => [t.username, t.email]));
  const people = DEMO_PEOPLE.filter(
    (p) => !takenKeys.has(p.username.toLowerCase()) && !takenKeys.has(demoEmail(p.username)),
  );
  // Each gets a long random password that is hashed and thrown away: nobody can sign in.
  const hashes = await Promise.all(people.map(() => hashPassword(newSecret())));
  return people.map((p, i) => {
    const joined = createRandom(`joined:${p.username}`).range(20, 900);
    return {
      id: newId(),
      person: p,
      passwordHash: hashes[i]!,
      username: p.username,
      createdAtMs: Math.round(nowMs - joined * DAY_MS),
    };
  });
}

/**
 * Seeds the demo catalogue into an empty catalogue: languages, genres,
 * artists, labels, releases with covers and track lists, the admin's genre
 * votes, and demo listeners with ratings, reviews, tags, track and review
 * votes and follows. Does nothing (returns null) when any release exists, so
 * it is safe to call on every start.
 */
export async function seedDemo(
  db: Db,
  dataDir: string,
  log: SeedLog,
  options: SeedDemoOptions = {},
): Promise<SeedDemoSummary | null> {
  const startedAt = performance.now();
  if (!(await catalogueIsEmpty(db))) return null;
  const now = options.now ?? new Date();
  const adminId = await findAdminId(db);
  const catalogue = options.catalogue ?? (await import('./data')).loadDemoCatalogue();
  const reviews = (await import('./review-data')).loadDemoReviews();
  log.info(`Seeding the demo catalogue (${catalogue.releases.length} releases)...`);

  // Covers first, outside the transaction: files are content-named, so a
  // failed seed leaves nothing that a later one would not write the same way.
  const withCovers = catalogue.releases.slice(0, options.coverLimit ?? catalogue.releases.length);
  const made = await generateCovers(withCovers.map(demoCoverSeed), dataDir);
  const covers: (CoverFiles | null)[] = catalogue.releases.map((_, i) => made[i] ?? null);
  const coversDoneAt = performance.now();
  const listeners = await demoListeners(db, now.getTime());

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await catalogueIsEmpty(tx))) return null;
    await tx
      .insert(languages)
      .values(catalogue.languages.map((l) => ({ id: l.id, iso6391: l.iso6391, name: l.name })))
      .onConflictDoNothing();
    // Genres that already exist (by name) are reused rather than duplicated.
    const existing = await tx.select({ id: genres.id, name: genres.name }).from(genres);
    const byName = new Map(existing.map((g) => [g.name.toLowerCase(), g.id]));
    const genreIds = new Map<string, string>();
    for (const g of catalogue.genres) {
      const id = byName.get(g.name.toLowerCase());
      if (id) genreIds.set(g.name, id);
    }
    const rows = buildSeedRows({ catalogue, genreIds, covers, adminId, listeners, reviews, now });
    const { social } = rows;

    await insertChunked(
      tx,
      users,
      listeners.map((l) => ({
        id: l.id,
        email: demoEmail(l.username),
        username: l.username,
        name: l.person.name,
        passwordHash: l.passwordHash,
        accountStatus: AccountStatus.CONFIRMED,
        contributorStatus: ContributorStatus.CONTRIBUTOR,
        supporter: l.person.supporter ? SupporterStatus.SUPPORTER : SupporterStatus.NOT_A_SUPPORTER,
        createdAt: new Date(l.createdAtMs),
        updatedAt: new Date(l.createdAtMs),
      })),
    );
    await insertChunked(tx, genres, rows.genres);
    const knownParents = await tx.select().from(genreParents);
    const hasParent = new Set(knownParents.map((p) => `${p.genreId}>${p.parentId}`));
    await insertChunked(
      tx,
      genreParents,
      rows.genreParents.filter((p) => !hasParent.has(`${p.genreId}>${p.parentId}`)),
    );
    await insertChunked(tx, artists, rows.artists);
    await insertChunked(tx, labels, rows.labels);
    await insertChunked(tx, releases, rows.releases);
    await insertChunked(tx, releaseArtists, rows.releaseArtists);
    await insertChunked(tx, releaseLabels, rows.releaseLabels);
    await insertChunked(tx, releaseLanguages, rows.releaseLanguages);
    await insertChunked(tx, tracks, rows.tracks);
    await insertChunked(tx, releaseGenreVotes, rows.genreVotes);
    await insertChunked(tx, entries, rows.entries);
    await insertChunked(tx, userTags, social.userTags);
    await insertChunked(tx, entryTags, social.entryTags);
    await insertChunked(tx, trackVotes, social.trackVotes);
    await insertChunked(tx, reviewVotes, social.reviewVotes);
    await insertChunked(tx, follows, social.follows);
    // Every counter (and each release's genre scores) by its one definition.
    await recountCounters(tx);
    return {
      releases: rows.releases.length,
      artists: rows.artists.length,
      labels: rows.labels.length,
      genres: catalogue.genres.length,
      languages: catalogue.languages.length,
      tracks: rows.tracks.length,
      covers: made.length,
      users: listeners.length,
      ratings: rows.entries.filter((e) => e.rating != null).length,
      reviews: social.reviews,
      tags: social.userTags.length,
      trackVotes: social.trackVotes.length,
      reviewVotes: social.reviewVotes.length,
      follows: social.follows.length,
    };
  });
  if (!summary) return null;
  const secondsSince = (t: number) => Math.round((performance.now() - t) / 100) / 10;
  const seconds = secondsSince(startedAt);
  log.info(
    `Demo catalogue seeded in ${seconds} s (covers ${Math.round((coversDoneAt - startedAt) / 100) / 10} s, ` +
      `database ${secondsSince(coversDoneAt)} s): ${summary.releases} releases, ${summary.artists} artists, ` +
      `${summary.labels} labels, ${summary.genres} genres, ${summary.languages} languages, ` +
      `${summary.tracks} tracks, ${summary.covers} covers, ${summary.users} listeners, ${summary.ratings} ratings, ` +
      `${summary.reviews} reviews, ${summary.tags} tags, ${summary.trackVotes} track votes, ` +
      `${summary.reviewVotes} review votes, ${summary.follows} follows`,
  );
  return { ...summary, seconds };
}
