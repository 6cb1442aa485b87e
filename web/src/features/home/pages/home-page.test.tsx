import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makePage, makeReleaseSummary } from '../../releases/test-support';
import { makeEntriesPage, makeEntry, makeReview } from '../../reviews/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('previews the release lists, each linking to its full list', async () => {
    const requested: string[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases': (url) => {
        const type = url.searchParams.get('type') ?? '';
        requested.push(`${type}:${url.searchParams.get('pageSize')}`);
        if (type === 'top-oty') return json(200, makePage([]));
        if (type === 'upcoming') return json(200, makePage([]));
        return json(200, makePage([makeReleaseSummary({ id: type, title: `${type} record` })]));
      },
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/');

    // The first render loads lazy route modules, which can be slow on a cold run.
    expect(await screen.findByRole('link', { name: 'new record' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'popular record' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New releases' }).getAttribute('href')).toBe(
      '/releases/new',
    );
    expect(screen.getByRole('link', { name: 'Popular' }).getAttribute('href')).toBe(
      '/releases/popular',
    );
    // An empty list says so; the optional top-of-the-year section disappears.
    expect(screen.getByRole('link', { name: 'Upcoming' }).getAttribute('href')).toBe(
      '/releases/upcoming',
    );
    expect(screen.getByText('There are no releases')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Top of the year' })).toBeNull();
    expect(requested.sort()).toEqual(['new:12', 'popular:12', 'top-oty:12', 'upcoming:12']);
  });

  it('shows the newest reviews as plain-text excerpts linking to the review lists', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases': json(200, makePage([])),
      'GET /api/entries': (url) => {
        queries.push(url.searchParams);
        return json(
          200,
          makeEntriesPage(
            [
              makeEntry({
                review: makeReview({ body: '## Short take\n\nA **warm** record, [see](/x).' }),
              }),
            ],
            { totalItems: 40, totalPages: 7 },
          ),
        );
      },
    });
    renderApp('/');

    const heading = await screen.findByRole('link', { name: 'New reviews' }, { timeout: 5000 });
    expect(heading.getAttribute('href')).toBe('/reviews/new');
    const excerpt = await screen.findByRole('link', { name: 'Short take. A warm record, see.' });
    expect(excerpt.getAttribute('href')).toBe('/review/e1');
    expect(excerpt.querySelector('strong, a, h3, h4')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/reviews/new');
    expect(queries[0]?.get('sortBy')).toBe('ReviewDate');
    expect(queries[0]?.get('withReview')).toBe('true');
    expect(queries[0]?.get('pageSize')).toBe('6');
  });

  it('says so when there are no reviews yet', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases': json(200, makePage([])),
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/');
    expect(await screen.findByText('No reviews yet', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
