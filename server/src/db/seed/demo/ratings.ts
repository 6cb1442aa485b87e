import { RATING_MAX, RATING_MIN, TOP_MIN_RATINGS_YEAR } from '@earmark/common';
import { DAY_MS, dayStartMs } from './dates';
import { createRandom } from './random';

/**
 * Demo ratings. Each listener has a taste drawn from a seeded generator:
 * a personal centre (60-85) and spread, liked and disliked root genres, how
 * much of the catalogue they rate (about 60-80 %) and whether they rate in
 * whole, half or tenth points. Each release has a consensus quality and an
 * appeal, so the top lists agree on some favourites without every listener
 * agreeing. Ratings fall in the last 60 days, never before the release came
 * out, was added, or the listener joined, and never for future releases.
 * A release out this calendar year that drew too few ratings (one out for a
 * few days only, or the seed running early in January) gets more listeners,
 * so the year's top list has entries whatever day the seed runs.
 */

export interface RatingListener {
  id: string;
  username: string;
  createdAtMs: number;
}

export interface RatedRelease {
  id: string;
  /** Stable text the release's traits derive from (its cover seed). */
  seedText: string;
  /** Root genres the release belongs to, through its genres' parents. */
  rootGenres: readonly string[];
  /** 'YYYY-MM-DD' (earliest possible day) or null when unknown. */
  date: string | null;
  createdAtMs: number;
}

export interface DemoRating {
  userId: string;
  releaseId: string;
  rating: number;
  atMs: number;
}

const WINDOW_DAYS = 60;
/** Ratings each release out this year gets at least (the year's top list needs TOP_MIN_RATINGS_YEAR). */
export const YEAR_RELEASE_MIN_RATINGS = TOP_MIN_RATINGS_YEAR + 2;
/** A release added this recently gets proportionally fewer ratings. */
const RAMP_DAYS = 21;

interface Taste {
  centre: number;
  spread: number;
  activity: number;
  step: number;
  /** Minus one (dislike) to one (love) per root genre. */
  likes: Map<string, number>;
}

function tasteOf(username: string, roots: readonly string[]): Taste {
  const rng = createRandom(`taste:${username}`);
  const likes = new Map<string, number>();
  for (const root of roots) likes.set(root, Math.max(-1, Math.min(1, rng.normal() * 0.3)));
  for (const root of rng.shuffle(roots).slice(0, 3)) likes.set(root, rng.range(0.5, 1));
  const disliked = rng.pick(roots);
  likes.set(disliked, Math.min(likes.get(disliked)!, -rng.range(0.4, 0.9)));
  const roll = rng.next();
  return {
    centre: rng.range(60, 85),
    spread: rng.range(6, 14),
    activity: rng.range(0.6, 0.8),
    step: roll < 0.35 ? 1 : roll < 0.75 ? 5 : 10,
    likes,
  };
}

interface Traits {
  quality: number;
  appeal: number;
  /** Chance that a rating of it is recent: some releases are talked about right now. */
  buzz: number;
}

function traitsOf(seedText: string): Traits {
  const rng = createRandom(`release:${seedText}`);
  return {
    quality: rng.normal() * 5,
    appeal: rng.range(0.85, 1.15),
    buzz: rng.next() ** 2 * 0.8,
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** How much a listener likes a release's genres, from minus one to one. */
function likeOf(taste: Taste, release: RatedRelease): number {
  return release.rootGenres.length === 0
    ? 0
    : release.rootGenres.reduce((s, g) => s + (taste.likes.get(g) ?? 0), 0) /
        release.rootGenres.length;
}

/** A listener's rating of a release, in their own steps; `noise` is a standard normal draw. */
function ratingOf(taste: Taste, traits: Traits, like: number, noise: number): number {
  const raw = taste.centre + traits.quality + like * 12 + noise * taste.spread;
  return clamp(Math.round(clamp(raw, 5, 100) / taste.step) * taste.step, RATING_MIN, RATING_MAX);
}

/** The earliest a listener could have rated a release: within the window, once both existed. */
function earliestRating(listener: RatingListener, release: RatedRelease, nowMs: number): number {
  return Math.max(
    nowMs - WINDOW_DAYS * DAY_MS,
    release.createdAtMs,
    dayStartMs(release.date!),
    listener.createdAtMs,
  );
}

/** Every demo rating, deterministic for the same listeners, releases and `now`. */
export function demoRatings(
  listeners: readonly RatingListener[],
  releases: readonly RatedRelease[],
  allRoots: readonly string[],
  now: Date,
): DemoRating[] {
  const nowMs = now.getTime();
  const today = now.toISOString().slice(0, 10);
  const upper = nowMs - 60_000;
  const released = releases
    .filter((r) => r.date !== null && r.date <= today)
    .sort((a, b) => (a.seedText < b.seedText ? -1 : 1));
  const traits = new Map(released.map((r) => [r.id, traitsOf(r.seedText)]));
  const out: DemoRating[] = [];

  const tastes = new Map(listeners.map((l) => [l.id, tasteOf(l.username, allRoots)]));

  for (const listener of listeners) {
    const taste = tastes.get(listener.id)!;
    const rng = createRandom(`ratings:${listener.username}`);
    for (const release of released) {
      const t = traits.get(release.id)!;
      const lower = earliestRating(listener, release, nowMs);
      const like = likeOf(taste, release);
      const ramp = Math.min(1, (upper - lower) / (RAMP_DAYS * DAY_MS));
      const p = clamp(taste.activity * t.appeal + 0.2 * like, 0.05, 0.97) * ramp;
      // Draw every value even when skipped so one release never shifts the next.
      const take = rng.next();
      const noise = rng.normal();
      const recent = rng.chance(t.buzz);
      const when = rng.next();
      if (take >= p || lower >= upper) continue;
      const from = recent ? Math.max(lower, nowMs - 14 * DAY_MS) : lower;
      out.push({
        userId: listener.id,
        releaseId: release.id,
        rating: ratingOf(taste, t, like, noise),
        atMs: Math.round(from + (upper - from) * when),
      });
    }
  }

  // Releases out this year: more listeners until each has enough ratings to chart.
  const yearStart = `${now.getUTCFullYear()}-01-01`;
  for (const release of released.filter((r) => r.date! >= yearStart)) {
    const raters = new Set(out.filter((r) => r.releaseId === release.id).map((r) => r.userId));
    const rng = createRandom(`year-ratings:${release.seedText}`);
    for (const listener of rng.shuffle(listeners)) {
      if (raters.size >= YEAR_RELEASE_MIN_RATINGS) break;
      const noise = rng.normal();
      const when = rng.next();
      if (raters.has(listener.id)) continue;
      raters.add(listener.id);
      // The release is out, so this lies between its first day and now.
      const lower = earliestRating(listener, release, nowMs);
      const taste = tastes.get(listener.id)!;
      out.push({
        userId: listener.id,
        releaseId: release.id,
        rating: ratingOf(taste, traits.get(release.id)!, likeOf(taste, release), noise),
        atMs: Math.round(lower + (nowMs - lower) * when),
      });
    }
  }
  return out;
}
