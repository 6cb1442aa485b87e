import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntry, makeEntriesPage, makeUserRef } from '../../reviews/test-support';
import { makeRelease } from '../test-support';

// Load the lazy route modules up front: a cold transform is slower than a query's wait.
beforeAll(async () => {
  await Promise.all([import('./release-page'), import('./release-ratings-page')]);
});

/** The first render loads lazy route modules, which can be slow on a cold run. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('release ratings tab', () => {
  it('lists who rated the release, with their rating and a link to any review', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(
        200,
        makeRelease({ stats: { ratingsCount: 2, ratingsAvg: 62 } }),
      ),
      'GET /api/entries': (url) => {
        queries.push(url.searchParams);
        return json(
          200,
          makeEntriesPage([
            makeEntry(),
            makeEntry({
              id: 'e2',
              user: makeUserRef({ id: 'u3', username: 'ada', name: 'Ada' }),
              rating: { rating: 40, updatedAt: '2026-01-02T00:00:00.000Z' },
              review: null,
            }),
          ]),
        );
      },
    });
    renderApp('/release/r1/ratings');

    const list = await screen.findByRole('list', { name: 'Ratings of Blue Hour' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Rated').parentElement?.textContent).toBe(
      'Rated 8.5',
    );
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: "Read Theo Lark's review" })
        .getAttribute('href'),
    ).toBe('/review/e1');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Ada' })).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByRole('link', { name: /review/ })).toBeNull();
    expect(screen.getByText(/2 ratings, average 6\.2/)).toBeTruthy();
    expect(queries[0]?.get('releaseId')).toBe('r1');
    expect(queries[0]?.get('sortBy')).toBe('RatingDate');
  });

  it('shows "No ratings yet" when nobody rated the release', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(
        200,
        makeRelease({ stats: { ratingsCount: 1, ratingsAvg: 50 } }),
      ),
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/release/r1/ratings');
    expect(
      await screen.findByText('Ratings of this release will show up here.', undefined, SLOW),
    ).toBeTruthy();
  });
});
