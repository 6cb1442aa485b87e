import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeSearchReply, someReleases } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search pages', () => {
  it('shows a section of each kind found with a link to all of them', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': () =>
        json(
          200,
          makeSearchReply({
            releases: someReleases(2),
            releasesCount: 14,
            genres: [{ id: 'g1', name: 'Blues' }],
          }),
        ),
    });
    renderApp('/search?q=blue');

    const releases = await screen.findByRole('region', { name: /Releases/ });
    expect(within(releases).getByRole('heading', { level: 2 }).textContent).toBe(
      'Releases 14 releases',
    );
    expect(within(releases).getByRole('link', { name: 'Blue 1' })).toBeTruthy();
    expect(
      within(releases)
        .getByRole('link', { name: 'See all releases for “blue”' })
        .getAttribute('href'),
    ).toBe('/search/release?q=blue');
    const genres = screen.getByRole('region', { name: /Genres/ });
    expect(within(genres).getByRole('link', { name: 'Blues' }).getAttribute('href')).toBe(
      '/genre/g1',
    );
    expect(screen.queryByRole('region', { name: /Artists/ })).toBeNull();
    expect(document.title).toContain('Search results for “blue”');
  });

  it('says what was searched when nothing matches, and searches again from its form', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': (url) =>
        url.searchParams.get('q') === 'zzz'
          ? json(200, makeSearchReply())
          : json(200, makeSearchReply({ artists: [{ id: 'a1', name: 'Mira', nameLatin: null }] })),
    });
    const { router } = renderApp('/search?q=zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeTruthy();

    const field = screen.getByRole('searchbox', { name: 'Search for' });
    await user.clear(field);
    await user.type(field, 'mira{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=mira'));
    expect(await screen.findByRole('link', { name: 'Mira' })).toBeTruthy();
  });

  it('loads a kind page by page', async () => {
    const user = userEvent.setup();
    const pages: string[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': (url) => {
        const page = url.searchParams.get('page') ?? '1';
        pages.push(
          `${url.searchParams.getAll('type').join()}:${page}:${url.searchParams.get('pageSize')}`,
        );
        const first = (Number(page) - 1) * 48;
        const artists = Array.from({ length: page === '1' ? 48 : 2 }, (_, i) => ({
          id: `a${first + i + 1}`,
          name: `Artist ${first + i + 1}`,
          nameLatin: null,
        }));
        return json(200, { artists, artistsCount: 50 });
      },
    });
    renderApp('/search/artist?q=artist');

    const list = await screen.findByRole('list', { name: 'Artists for “artist”' });
    expect(within(list).getAllByRole('link')).toHaveLength(48);
    expect(screen.getByText('50 artists')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(50));
    expect(screen.getByRole('link', { name: 'Artist 50' }).getAttribute('href')).toBe(
      '/artist/a50',
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(pages).toEqual(['artists:1:48', 'artists:2:48']);
    expect(document.title).toContain('Artists matching “artist”');
  });

  it('says which kind found nothing for what', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': () => json(200, { releases: [], releasesCount: 0 }),
    });
    renderApp('/search/release?q=qwerty');
    expect(await screen.findByText('No releases match “qwerty”')).toBeTruthy();
  });
});
