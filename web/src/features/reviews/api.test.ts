import { describe, expect, it } from 'vitest';
import { withReviewVotes } from './api';
import { makeEntry, makeEntriesPage } from './test-support';

const reply = { upvotes: 9, downvotes: 2, myVote: 1 as const };

describe('withReviewVotes', () => {
  it('replaces the votes of the entry wherever it is cached', () => {
    const entry = makeEntry();
    const other = makeEntry({ id: 'e2' });

    expect(withReviewVotes(entry, 'e1', reply).review).toMatchObject(reply);
    expect(withReviewVotes([other, entry], 'e1', reply)[1]?.review).toMatchObject(reply);

    const page = makeEntriesPage([other, entry]);
    const infinite = { pages: [page], pageParams: [1] };
    const updated = withReviewVotes(infinite, 'e1', reply);
    expect(updated.pages[0]?.entries[1]?.review).toMatchObject(reply);
    expect(updated.pages[0]?.entries[1]?.review?.body).toBe(entry.review?.body);
    // Untouched entries keep their identity.
    expect(updated.pages[0]?.entries[0]).toBe(other);
  });

  it('returns the same object when the entry is not there', () => {
    const page = makeEntriesPage([makeEntry({ id: 'e2' })]);
    expect(withReviewVotes(page, 'e1', reply)).toBe(page);
    expect(withReviewVotes(null, 'e1', reply)).toBeNull();
    const tags = [{ tag: { id: 't', name: 'x' }, count: 1 }];
    expect(withReviewVotes(tags, 'e1', reply)).toBe(tags);
  });
});
