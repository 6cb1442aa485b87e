import { RELEASES_PAGE_SIZE, ReleaseType } from '@earmark/common';
import type { PagedReleases, Release, ReleaseSummary, Track } from '@earmark/common';

/** Fake API answers for release tests (the shapes come from common). */
export function makeReleaseSummary(overrides: Partial<ReleaseSummary> = {}): ReleaseSummary {
  return {
    id: 'r1',
    title: 'Blue Hour',
    titleLatin: null,
    artists: [{ id: 'a1', name: 'Mira Vale', nameLatin: null }],
    date: '2024-03-05',
    datePrecision: 'day',
    type: ReleaseType.LP,
    cover: {
      sm: '/media/covers/r1-sm.webp',
      md: '/media/covers/r1-md.webp',
      lg: '/media/covers/r1-lg.webp',
      og: '/media/covers/r1-og.jpg',
    },
    explicitCoverArt: [],
    stats: { ratingsCount: 123, ratingsAvg: 84 },
    ...overrides,
  };
}

export function makeTrack(overrides: Partial<Track> = {}): Track {
  return {
    id: 't1',
    track: '1',
    title: 'Opening',
    durationMs: 200_000,
    order: 0,
    upvotes: 0,
    downvotes: 0,
    ...overrides,
  };
}

export function makeRelease(overrides: Partial<Release> = {}): Release {
  return {
    ...makeReleaseSummary(),
    labels: [{ id: 'l1', name: 'Northern Lights', nameLatin: null }],
    languages: [{ id: 'en', iso6391: 'en', name: 'English' }],
    genres: [{ id: 'g1', name: 'Dream Pop', score: 4 }],
    tracks: [
      makeTrack(),
      makeTrack({ id: 't2', track: '2', title: 'Tide', durationMs: 185_000, order: 1 }),
    ],
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePage(
  releases: ReleaseSummary[],
  fields: Partial<Omit<PagedReleases, 'releases'>> = {},
): PagedReleases {
  return {
    currentPage: 1,
    totalPages: releases.length > 0 ? 1 : 0,
    totalItems: releases.length,
    currentItems: releases.length,
    itemsPerPage: RELEASES_PAGE_SIZE,
    nextCursor: null,
    releases,
    ...fields,
  };
}
