import type { Entry, PagedEntries, PagedUsers, UserProfile } from '@earmark/common';
import { makeReleaseSummary } from '../releases/test-support';
import { json } from '../../test/fetch-mock';

/** Fake API answers for profile tests (the shapes come from common). */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u2',
    username: 'ben',
    name: 'Ben Carter',
    image: null,
    supporter: 0,
    contributorStatus: 0,
    createdAt: '2023-11-02T10:00:00.000Z',
    counts: { entries: 3, reviews: 1, lists: 0, followers: 4, following: 2 },
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: 'e1',
    releaseId: 'r1',
    user: { id: 'u2', username: 'ben', name: 'Ben Carter', image: null, supporter: 0 },
    rating: { rating: 85, updatedAt: '2025-01-01T00:00:00.000Z' },
    review: null,
    reviewId: null,
    tags: [],
    trackVotes: [],
    hasTrackVotes: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    release: makeReleaseSummary(),
    ...overrides,
  };
}

const pageFields = (count: number) => ({
  currentPage: 1,
  totalPages: count > 0 ? 1 : 0,
  totalItems: count,
  currentItems: count,
  itemsPerPage: 60,
});

export const entriesPage = (entries: Entry[]): PagedEntries => ({
  ...pageFields(entries.length),
  nextCursor: null,
  entries,
});

export const usersPage = (users: PagedUsers['users']): PagedUsers => ({
  ...pageFields(users.length),
  nextCursor: null,
  users,
});

/** Every stats call of user u2 answering with nothing logged. */
export const emptyStatsRoutes = {
  'GET /api/entries/user/u2/ratings': json(
    200,
    Array.from({ length: 11 }, (_, bucket) => ({ bucket, count: 0 })),
  ),
  'GET /api/entries/user/u2/artists': json(200, []),
  'GET /api/entries/user/u2/labels': json(200, []),
  'GET /api/entries/user/u2/genres': json(200, []),
  'GET /api/entries/user/u2/tags': json(200, []),
  'GET /api/entries/user/u2/release-date': json(200, { decades: [], years: [] }),
};
