import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { entriesPage, makeEntry, makeProfile } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile reviews', () => {
  it("lists the member's reviews, newest first", async () => {
    const queries: Record<string, string>[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/entries': (url) => {
        queries.push(Object.fromEntries(url.searchParams));
        return json(
          200,
          entriesPage([
            makeEntry({
              reviewId: 'e1',
              review: {
                body: 'Waves of **guitar**.',
                createdAt: '2025-01-02T00:00:00.000Z',
                updatedAt: '2025-01-02T00:00:00.000Z',
                upvotes: 2,
                downvotes: 0,
                myVote: null,
              },
            }),
          ]),
        );
      },
    });
    renderApp('/ben/reviews');

    expect(await screen.findByText('guitar', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect(queries[0]).toMatchObject({ userId: 'u2', withReview: 'true', sortBy: 'ReviewDate' }),
    );
  });

  it('says when there are none', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/entries': json(200, entriesPage([])),
    });
    renderApp('/ben/reviews');
    expect(
      await screen.findByText("Ben Carter hasn't written any reviews yet.", {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
