import type { Entry, Release, VoteType } from '@earmark/common';
import { json } from '../../test/fetch-mock';
import { makeRelease, makeReleaseSummary } from '../releases/test-support';

/** Fake API answers for entry tests (the shapes come from common). */
export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: 'e1',
    releaseId: 'r1',
    user: { id: 'u1', username: 'mira', name: 'Mira Stone', image: null, supporter: 0 },
    rating: null,
    review: null,
    reviewId: null,
    tags: [],
    trackVotes: [],
    hasTrackVotes: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    release: makeReleaseSummary(),
    ...overrides,
  };
}

export const rated = (rating: number, overrides: Partial<Entry> = {}) =>
  makeEntry({ rating: { rating, updatedAt: '2026-01-02T00:00:00.000Z' }, ...overrides });

/** The entry after the viewer's votes on the release's tracks are `votes`. */
export function withVotes(votes: Record<string, VoteType>, base: Entry = makeEntry()): Entry {
  const trackVotes = Object.entries(votes).map(([trackId, vote]) => ({ trackId, vote }));
  return { ...base, trackVotes, hasTrackVotes: trackVotes.length > 0 };
}

/** Requests the fetch mock saw, as 'METHOD /path' with their bodies. */
export function writes(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      key: `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
      body: (init as RequestInit | undefined)?.body,
    }))
    .filter((call) => !call.key.startsWith('GET '))
    .map((call) => ({
      key: call.key,
      body: call.body === undefined ? undefined : (JSON.parse(String(call.body)) as unknown),
    }));
}

/** The API of a signed-in viewer on release r1, with their entry (or none) and no tags. */
export function releaseRoutes(release: Release = makeRelease(), entry: Entry | null = null) {
  return {
    'GET /api/releases/r1': json(200, release),
    'GET /api/entries/release/r1/me': json(200, entry),
    'GET /api/entries/user/u1/tags': json(200, []),
    'GET /api/entries': json(200, {
      currentPage: 1,
      totalPages: 0,
      totalItems: 0,
      currentItems: 0,
      itemsPerPage: 24,
      nextCursor: null,
      entries: [],
    }),
  };
}
