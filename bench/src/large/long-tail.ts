import { SortBy } from '@earmark/common';
import { random } from '../lib/random';
import { q } from './query';
import type { Samples, Scenario } from './scenarios';

/**
 * The long tail: pages drawn at random (seeded, so every run asks the same)
 * from every visible release and every user, as real traffic spreads over
 * the catalogue, measured with no warm-up, so the read cache's hit rate is
 * the one such traffic would see.
 */

/** More than any run asks for, so no path comes round twice by wrapping. */
const DRAWS = 400_000;

/** What a visit asks for, with its share of the visits. */
const visits: [number, (s: Samples, r: () => number) => string][] = [
  [0.5, (s, r) => `/api/releases/${pick(s.allReleaseIds, r)}`],
  [
    0.2,
    (s, r) => `/api/entries?${q({ userId: pick(s.allUsers, r).id, sortBy: SortBy.RatingDate })}`,
  ],
  [0.15, (s, r) => `/api/users/username/${encodeURIComponent(pick(s.allUsers, r).username)}`],
  [0.15, (s, r) => `/api/entries/user/${pick(s.allUsers, r).id}/ratings`],
];

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)]!;

function draw(s: Samples, seed: number): string[] {
  if (s.allReleaseIds.length === 0 || s.allUsers.length === 0) return [];
  const r = random(seed);
  return Array.from({ length: DRAWS }, () => {
    let u = r();
    for (const [share, visit] of visits) {
      if (u < share) return visit(s, r);
      u -= share;
    }
    return visits[0]![1](s, r);
  });
}

/** Where the one-at-a-time requests of a cold scenario start: past what its load run asked. */
export const COLD_SEQUENTIAL_FROM = 300_000;

const name = 'long tail: 50% release pages, 50% user pages (no warm-up)';

/** Signed in draws other pages, so it does not find what the run signed out left cached. */
export const longTailScenarios: Scenario[] = [
  { name, paths: (s) => draw(s, 20_240_601), cold: true },
  { name: `${name}, signed in`, paths: (s) => draw(s, 7_350_113), cold: true, signedIn: true },
];
