import type { InferInsertModel } from 'drizzle-orm';
import type { entries } from '../../schema/entries';
import { DAY_MS, dayStartMs } from './dates';
import type { RatingListener } from './ratings';
import type { Random } from './random';

/**
 * Shared pieces of the demo's social layer (reviews, tags, track votes,
 * review votes, follows): the entry row the seed builds in memory and the
 * time and weighted-choice helpers each step uses, so every step stays
 * deterministic for the same listeners, releases and seed day.
 */

/** An entry row as the seed builds it: every timestamp is known before insert. */
export type SeedEntry = InferInsertModel<typeof entries> & {
  createdAt: Date;
  updatedAt: Date;
};

/** A released demo release as the social steps see it. */
export interface SocialRelease {
  id: string;
  title: string;
  /** The first credited artist's name, as in the data files. */
  artist: string;
  /** Stable text its traits derive from (its cover seed). */
  seedText: string;
  /** 'YYYY-MM-DD' (earliest possible day) or null when unknown. */
  date: string | null;
  createdAtMs: number;
  /** Track ids in running order. */
  trackIds: readonly string[];
}

export interface SocialContext {
  listeners: readonly RatingListener[];
  releases: readonly SocialRelease[];
  nowMs: number;
}

/** Nothing demo-made is stamped in the last minute, so "now" stays after every row. */
export const LATEST_OFFSET_MS = 60_000;

export function latestMs(nowMs: number): number {
  return nowMs - LATEST_OFFSET_MS;
}

/** A moment uniformly between two others. */
export function between(rng: Random, fromMs: number, toMs: number): Date {
  return new Date(Math.round(fromMs + (toMs - fromMs) * rng.next()));
}

export function laterOf(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

export function earlierOf(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** The earliest moment someone could have written about a release: released, listed and joined. */
export function earliestEntryMs(release: SocialRelease, listener: RatingListener): number {
  return Math.max(
    release.createdAtMs,
    release.date ? dayStartMs(release.date) : 0,
    listener.createdAtMs,
  );
}

export function isReleased(release: SocialRelease, nowMs: number): boolean {
  return release.date !== null && release.date <= new Date(nowMs).toISOString().slice(0, 10);
}

export function daysAgo(nowMs: number, days: number): number {
  return nowMs - days * DAY_MS;
}

/**
 * Up to `n` distinct items, each draw proportional to its weight among those
 * left; items of weight zero are never chosen.
 */
export function pickWeighted<T>(
  rng: Random,
  items: readonly T[],
  weight: (item: T) => number,
  n: number,
): T[] {
  const pool = items.map((item) => ({ item, w: Math.max(0, weight(item)) }));
  const out: T[] = [];
  while (out.length < n) {
    const total = pool.reduce((s, p) => s + p.w, 0);
    if (total <= 0) break;
    let at = rng.next() * total;
    // Rounding can leave `at` just past the end: the last weighted item takes it.
    let chosen = -1;
    for (let i = 0; i < pool.length; i++) {
      if (pool[i]!.w <= 0) continue;
      chosen = i;
      at -= pool[i]!.w;
      if (at < 0) break;
    }
    out.push(pool[chosen]!.item);
    pool.splice(chosen, 1);
  }
  return out;
}

/** `${userId}|${releaseId}`: one entry per listener and release. */
export function entryKey(userId: string, releaseId: string): string {
  return `${userId}|${releaseId}`;
}
