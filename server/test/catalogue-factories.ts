import { eq } from 'drizzle-orm';
import { AccountStatus, ContributorStatus, ReleaseType, type DatePrecision } from '@earmark/common';
import type { Db } from '../src/db/client';
import { recountCounters } from '../src/db/recount';
import {
  artists,
  genreParents,
  genres,
  labels,
  releaseArtists,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
} from '../src/db/schema/catalogue';
import { entries } from '../src/db/schema/entries';
import { users, type UserRow } from '../src/db/schema/users';
import { newId } from '../src/lib/ids';
import { uniqueName } from './helpers';

/**
 * Catalogue rows for tests, inserted straight into the database; the
 * counters of what they add are set by the production recount (db/recount),
 * so they are consistent with the rows they count.
 */

export type ArtistRow = typeof artists.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;
export type GenreRow = typeof genres.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day `offset` days from today, as 'YYYY-MM-DD'. */
export function dayFromToday(offset = 0): string {
  return new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `days` days ago. */
export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY_MS);
}

export const currentYear = (): number => new Date().getUTCFullYear();

export async function createArtist(
  db: Db,
  overrides: Partial<typeof artists.$inferInsert> = {},
): Promise<ArtistRow> {
  const [row] = await db
    .insert(artists)
    .values({ id: newId(), name: uniqueName('Artist '), ...overrides })
    .returning();
  return row!;
}

export async function createLabel(
  db: Db,
  overrides: Partial<typeof labels.$inferInsert> = {},
): Promise<LabelRow> {
  const [row] = await db
    .insert(labels)
    .values({ id: newId(), name: uniqueName('Label '), ...overrides })
    .returning();
  return row!;
}

export async function createGenre(
  db: Db,
  opts: Partial<typeof genres.$inferInsert> & { parents?: { id: string }[] } = {},
): Promise<GenreRow> {
  const { parents = [], ...overrides } = opts;
  const [row] = await db
    .insert(genres)
    .values({ id: newId(), name: uniqueName('Genre '), ...overrides })
    .returning();
  if (parents.length > 0) {
    await db
      .insert(genreParents)
      .values(parents.map((p) => ({ genreId: row!.id, parentId: p.id })));
  }
  return row!;
}

/** Confirmed contributor accounts that never sign in (their password hash is a placeholder). */
export async function createUsers(
  db: Db,
  n: number,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow[]> {
  if (n === 0) return [];
  const values = Array.from({ length: n }, () => {
    const username = uniqueName('fan');
    return {
      id: newId(),
      email: `${username}@example.com`,
      username,
      passwordHash: 'not-a-password-hash',
      accountStatus: AccountStatus.CONFIRMED,
      contributorStatus: ContributorStatus.CONTRIBUTOR,
      ...overrides,
    };
  });
  return db.insert(users).values(values).returning();
}

export interface TrackInput {
  title?: string;
  track?: string;
  durationMs?: number | null;
  upvotes?: number;
  downvotes?: number;
}

export interface ReleaseInput extends Partial<Omit<typeof releases.$inferInsert, 'datePrecision'>> {
  /** Credited artists in order; one new artist when absent. */
  artists?: { id: string }[];
  labels?: { id: string }[];
  /** Language ids (rows must exist). */
  languageIds?: string[];
  /** A genre alone is voted up once; with a score, that many voters agree (negative: disagree). */
  genres?: ({ id: string } | { genre: { id: string }; score: number })[];
  precision?: DatePrecision;
  /** Track rows, or how many plain tracks of 3 minutes. */
  tracks?: TrackInput[] | number;
}

export async function createRelease(db: Db, input: ReleaseInput = {}): Promise<ReleaseRow> {
  const {
    artists: credited,
    labels: labelRefs = [],
    languageIds = [],
    genres: genreInputs = [],
    precision,
    tracks: trackInput = [],
    ...columns
  } = input;
  const date = columns.date === undefined ? dayFromToday(-30) : columns.date;
  const [row] = await db
    .insert(releases)
    .values({
      id: newId(),
      title: uniqueName('Release '),
      type: ReleaseType.LP,
      ...columns,
      date,
      datePrecision: date ? (precision ?? 'day') : null,
    })
    .returning();
  const release = row!;
  const artistRefs = credited ?? [await createArtist(db)];
  if (artistRefs.length > 0) {
    await db
      .insert(releaseArtists)
      .values(artistRefs.map((a, i) => ({ releaseId: release.id, artistId: a.id, position: i })));
  }
  if (labelRefs.length > 0) {
    await db
      .insert(releaseLabels)
      .values(labelRefs.map((l, i) => ({ releaseId: release.id, labelId: l.id, position: i })));
  }
  if (languageIds.length > 0) {
    await db
      .insert(releaseLanguages)
      .values(languageIds.map((languageId) => ({ releaseId: release.id, languageId })));
  }
  const trackRows: TrackInput[] =
    typeof trackInput === 'number' ? Array.from({ length: trackInput }, () => ({})) : trackInput;
  if (trackRows.length > 0) {
    await db.insert(tracks).values(
      trackRows.map((t, i) => ({
        id: newId(),
        releaseId: release.id,
        track: t.track ?? String(i + 1),
        title: t.title ?? `Track ${i + 1}`,
        durationMs: t.durationMs === undefined ? 180_000 : t.durationMs,
        order: i,
        upvotes: t.upvotes ?? 0,
        downvotes: t.downvotes ?? 0,
      })),
    );
  }
  for (const g of genreInputs) {
    const [genre, score] = 'genre' in g ? [g.genre, g.score] : [g, 1];
    await voteGenre(db, release, genre, score);
  }
  return release;
}

/** |score| new voters vote the genre up (or down when negative) on the release. */
export async function voteGenre(
  db: Db,
  release: { id: string },
  genre: { id: string },
  score: number,
): Promise<void> {
  const voters = await createUsers(db, Math.abs(score));
  const vote = score > 0 ? 1 : -1;
  if (voters.length > 0) {
    await db.insert(releaseGenreVotes).values(
      voters.map((u) => ({
        id: newId(),
        releaseId: release.id,
        genreId: genre.id,
        userId: u.id,
        vote,
      })),
    );
  }
  await recountCounters(db, { release_genres: [release.id] });
}

/**
 * One new user per rating (0-100) rates the release; their entries are
 * created at `createdAt` (now by default) and the release stats follow.
 */
export async function addRatings(
  db: Db,
  release: { id: string },
  ratings: readonly number[],
  opts: { createdAt?: Date } = {},
): Promise<ReleaseRow> {
  const raters = await createUsers(db, ratings.length);
  const createdAt = opts.createdAt ?? new Date();
  if (raters.length > 0) {
    await db.insert(entries).values(
      raters.map((u, i) => ({
        id: newId(),
        userId: u.id,
        releaseId: release.id,
        rating: ratings[i]!,
        ratingUpdatedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    );
  }
  await recountCounters(db, { releases: [release.id], users: raters.map((u) => u.id) });
  const [row] = await db.select().from(releases).where(eq(releases.id, release.id));
  return row!;
}

/** `n` entries without a rating (say, tags only) created at `createdAt`: they count for popularity. */
export async function addEntriesAt(
  db: Db,
  release: { id: string },
  n: number,
  createdAt: Date,
): Promise<void> {
  const owners = await createUsers(db, n);
  if (owners.length === 0) return;
  await db.insert(entries).values(
    owners.map((u) => ({
      id: newId(),
      userId: u.id,
      releaseId: release.id,
      createdAt,
      updatedAt: createdAt,
    })),
  );
  await recountCounters(db, { releases: [release.id], users: owners.map((u) => u.id) });
}
