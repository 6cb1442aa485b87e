import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { Entry, PagedEntries } from '@earmark/common';
import { entryKeys, genreKeys } from '../../lib/query-keys';
import { applyReviewVotes } from './api';
import { makeEntry, makeEntriesPage } from './test-support';

const reply = { upvotes: 9, downvotes: 2, myVote: 1 as const };

describe('applyReviewVotes', () => {
  it('replaces the votes of the review wherever it is cached', () => {
    const client = new QueryClient();
    const entry = makeEntry();
    const other = makeEntry({ id: 'e2' });
    const list = entryKeys.list({ sortBy: 'review-date' });
    const profile = entryKeys.userList('u2', { sortBy: 'review-date' }, 60);
    client.setQueryData(entryKeys.detail('e1'), entry);
    client.setQueryData(entryKeys.following('r1'), [other, entry]);
    client.setQueryData(entryKeys.page({ sortBy: 'review-top' }), makeEntriesPage([entry]));
    client.setQueryData(list, { pages: [makeEntriesPage([other, entry])], pageParams: [1] });
    client.setQueryData(profile, { pages: [makeEntriesPage([entry])], pageParams: [1] });

    applyReviewVotes(client, 'e1', reply);

    expect(client.getQueryData<Entry>(entryKeys.detail('e1'))?.review).toMatchObject(reply);
    expect(client.getQueryData<Entry[]>(entryKeys.following('r1'))?.[1]?.review).toMatchObject(
      reply,
    );
    const page = client.getQueryData<PagedEntries>(entryKeys.page({ sortBy: 'review-top' }));
    expect(page?.entries[0]?.review).toMatchObject(reply);
    const infinite = client.getQueryData<InfiniteData<PagedEntries>>(list)!;
    expect(infinite.pages[0]?.entries[1]?.review).toMatchObject(reply);
    expect(infinite.pages[0]?.entries[1]?.review?.body).toBe(entry.review?.body);
    // Untouched entries keep their identity.
    expect(infinite.pages[0]?.entries[0]).toBe(other);
    const mine = client.getQueryData<InfiniteData<PagedEntries>>(profile)!;
    expect(mine.pages[0]?.entries[0]?.review).toMatchObject(reply);
  });

  it('leaves other cached answers as they were', () => {
    const client = new QueryClient();
    const page = makeEntriesPage([makeEntry({ id: 'e2' })]);
    const tags = [{ tag: { id: 't', name: 'x' }, count: 1 }];
    client.setQueryData(entryKeys.page({ sortBy: 'review-top' }), page);
    client.setQueryData(entryKeys.tags('u1'), tags);
    client.setQueryData(genreKeys.detail('g1'), { id: 'g1' });
    applyReviewVotes(client, 'e1', reply);
    expect(client.getQueryData(entryKeys.page({ sortBy: 'review-top' }))).toBe(page);
    expect(client.getQueryData(entryKeys.tags('u1'))).toBe(tags);
  });
});
