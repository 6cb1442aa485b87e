import { describe, expect, it } from 'vitest';
import { ReleaseType, TOP_MIN_RATINGS_YEAR } from '@earmark/common';
import { DAY_MS, dayStartMs } from './dates';
import { DEMO_PEOPLE } from './people';
import { bundledSeedRows } from './test-support';

/**
 * The year's top list reads releases dated this calendar year with at least
 * TOP_MIN_RATINGS_YEAR ratings. The demo seed runs relative to its day, so
 * it must give some whatever that day is, 1 January included.
 */
const TOP_TYPES: readonly number[] = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
];

function seedRowsAt(now: Date) {
  const listeners = DEMO_PEOPLE.map((p, i) => ({
    id: `listener-${i}`,
    username: p.username,
    // Joined 20 to 900 days before the seed day, as the seed does.
    createdAtMs: now.getTime() - (20 + ((i * 37) % 880)) * DAY_MS,
  }));
  return bundledSeedRows(listeners, now);
}

describe('demo ratings for the year top list', () => {
  it.each([
    '2027-01-01T00:00:30Z',
    '2027-01-03T09:00:00Z',
    '2026-06-15T12:00:00Z',
    '2026-12-31T23:59:00Z',
  ])('charts releases of the year when seeded on %s', (at) => {
    const now = new Date(at);
    const rows = seedRowsAt(now);
    const today = at.slice(0, 10);
    const yearStart = `${at.slice(0, 4)}-01-01`;
    const ofTheYear = rows.releases.filter(
      (r) => r.date! >= yearStart && r.date! <= today && TOP_TYPES.includes(r.type),
    );
    const ratings = new Map<string, number>();
    for (const e of rows.entries) {
      if (e.rating != null) ratings.set(e.releaseId, (ratings.get(e.releaseId) ?? 0) + 1);
    }
    const charting = ofTheYear.filter((r) => (ratings.get(r.id) ?? 0) >= TOP_MIN_RATINGS_YEAR);
    expect(charting.length).toBeGreaterThanOrEqual(4);

    // Every rating of them lies in this year, between the release's first day and now.
    const ids = new Set(charting.map((r) => r.id));
    const dateOf = new Map(charting.map((r) => [r.id, r.date!]));
    for (const e of rows.entries.filter((x) => ids.has(x.releaseId))) {
      const atMs = e.createdAt!.getTime();
      expect(atMs).toBeGreaterThanOrEqual(dayStartMs(dateOf.get(e.releaseId)!));
      expect(atMs).toBeLessThanOrEqual(now.getTime());
    }
  });
});
