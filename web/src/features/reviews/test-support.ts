import { ENTRIES_PAGE_SIZE } from '@earmark/common';
import type { Entry, EntryReview, PagedEntries, UserRef } from '@earmark/common';
import { makeReleaseSummary } from '../releases/test-support';

/** Fake API answers for review tests (the shapes come from common). */
export function makeUserRef(overrides: Partial<UserRef> = {}): UserRef {
  return { id: 'u2', username: 'theo', name: 'Theo Lark', image: null, supporter: 0, ...overrides };
}

export function makeReview(overrides: Partial<EntryReview> = {}): EntryReview {
  return {
    body: 'A **warm** record with [a great closer](/release/r1).',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    upvotes: 3,
    downvotes: 1,
    myVote: null,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  const id = overrides.id ?? 'e1';
  const review = overrides.review === undefined ? makeReview() : overrides.review;
  return {
    id,
    releaseId: 'r1',
    user: makeUserRef(),
    rating: { rating: 85, updatedAt: '2026-01-10T12:00:00.000Z' },
    review,
    reviewId: review ? id : null,
    tags: [],
    trackVotes: [],
    hasTrackVotes: false,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    release: makeReleaseSummary(),
    ...overrides,
  };
}

export function makeEntriesPage(
  entries: Entry[],
  fields: Partial<Omit<PagedEntries, 'entries'>> = {},
): PagedEntries {
  return {
    currentPage: 1,
    totalPages: entries.length > 0 ? 1 : 0,
    totalItems: entries.length,
    currentItems: entries.length,
    itemsPerPage: ENTRIES_PAGE_SIZE,
    nextCursor: null,
    entries,
    ...fields,
  };
}
