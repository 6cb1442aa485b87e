import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntry, makeEntriesPage, makeReview, makeUserRef } from '../test-support';

beforeAll(async () => {
  await import('../../../components/markdown-renderer');
});

/** The first render loads lazy route modules, which can be slow on a cold run. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reviews pages', () => {
  it('redirects /reviews to the newest reviews and shows them as cards', async () => {
    const queries: string[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/entries': (url) => {
        queries.push(url.search);
        return json(
          200,
          makeEntriesPage([
            makeEntry(),
            makeEntry({
              id: 'e2',
              user: makeUserRef({ id: 'u3', username: 'ada', name: null }),
              review: makeReview({ body: `${'Long thoughts. '.repeat(60)}The end.` }),
            }),
          ]),
        );
      },
    });
    const { router } = renderApp('/reviews');

    const list = await screen.findByRole('list', { name: 'New reviews' }, SLOW);
    expect(router.state.location.pathname).toBe('/reviews/new');
    expect(document.title).toBe('New reviews | Earmark');
    expect(queries[0]).toContain('sortBy=ReviewDate');
    expect(queries[0]).toContain('withReview=true');

    const first = within(list).getByRole('article', { name: "Theo Lark's review of Blue Hour" });
    expect(within(first).getByRole('link', { name: 'Blue Hour' }).getAttribute('href')).toBe(
      '/release/r1',
    );
    expect(within(first).getByRole('link', { name: 'Mira Vale' }).getAttribute('href')).toBe(
      '/artist/a1',
    );
    expect(within(first).getByRole('link', { name: 'Theo Lark' }).getAttribute('href')).toBe(
      '/theo',
    );
    expect(within(first).getByText('Rated').parentElement?.textContent).toBe('Rated 8.5');
    expect(await within(first).findByRole('link', { name: 'a great closer' })).toBeTruthy();
    // A short review is shown whole; a long one is cut short with a link to the rest.
    expect(within(first).queryByRole('link', { name: /Read more/ })).toBeNull();
    const second = within(list).getByRole('article', { name: "ada's review of Blue Hour" });
    expect(
      within(second)
        .getByRole('link', { name: /Read more/ })
        .getAttribute('href'),
    ).toBe('/review/e2');
  });

  it('asks for the top reviews on the top tab', async () => {
    const queries: string[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/entries': (url) => {
        queries.push(url.searchParams.get('sortBy') ?? '');
        return json(200, makeEntriesPage([]));
      },
    });
    renderApp('/reviews/top');
    expect(await screen.findByText('No reviews yet', undefined, SLOW)).toBeTruthy();
    expect(queries).toEqual(['ReviewTop']);
    const tabs = screen.getByRole('navigation', { name: 'Review lists' });
    expect(within(tabs).getByRole('link', { name: 'Top' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('loads the next page on request, by the cursor of the first', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/entries': (url) =>
        url.searchParams.get('cursor') === 'after-e1'
          ? json(
              200,
              makeEntriesPage([makeEntry({ id: 'e9', user: makeUserRef({ name: 'Page Two' }) })], {
                currentPage: 2,
                totalPages: 2,
              }),
            )
          : json(
              200,
              makeEntriesPage([makeEntry()], {
                totalPages: 2,
                totalItems: 2,
                nextCursor: 'after-e1',
              }),
            ),
    });
    renderApp('/reviews/new');
    (await screen.findByRole('button', { name: 'Show more' }, SLOW)).click();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page Two' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows the 404 page for an unknown list', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/reviews/old');
    expect(await screen.findByText('404: Not found', undefined, SLOW)).toBeTruthy();
  });
});
