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

const reply = makeSearchReply({
  releases: someReleases(3),
  releasesCount: 1000,
  artists: [
    { id: 'a1', name: 'Blue Orchid', nameLatin: null },
    { id: 'a2', name: 'Bluebird', nameLatin: null },
  ],
});

function box() {
  return screen.getByRole('combobox', { name: 'Search' });
}

const status = () => within(screen.getByRole('search')).getByRole('status');

const findBox = () => screen.findByRole('combobox', { name: 'Search' });

describe('the header search box', () => {
  it('shows the first results of each kind under tabs once typing pauses', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': () => json(200, reply),
    });
    renderApp('/rules');
    await user.type(await findBox(), 'blue');

    const list = await screen.findByRole('listbox', { name: 'Releases' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Blue 1Mira Vale · 2024', 'Blue 2Mira Vale · 2024', 'Blue 3Mira Vale · 2024']);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(list.id);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Releases1,000+', 'Artists2', 'Genres0', 'Labels0', 'Users0']);
    expect(status().textContent).toContain('1,000 or more releases, 2 artists for “blue”.');
    // One call for the paused text, asking for all five kinds, 10 of each.
    const calls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    const searches = calls.filter((url) => url.pathname === '/api/search');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.searchParams.get('q')).toBe('blue');
    expect(searches[0]!.searchParams.getAll('type')).toEqual([
      'releases',
      'artists',
      'labels',
      'genres',
      'users',
    ]);
    expect(searches[0]!.searchParams.get('pageSize')).toBe('10');

    await user.click(screen.getByRole('tab', { name: /Artists/ }));
    const artists = screen.getByRole('listbox', { name: 'Artists' });
    expect(
      within(artists)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Blue Orchid', 'Bluebird']);
    await user.click(screen.getByRole('tab', { name: /Genres/ }));
    expect(screen.getByText('No genres match “blue”.')).toBeTruthy();
    expect(document.activeElement).toBe(box());
  });

  it('moves through results with the arrows, changes tab with left and right, and opens one with Enter', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/search': () => json(200, reply) });
    const { router } = renderApp('/rules');
    await user.type(await findBox(), 'blue');
    await screen.findByRole('listbox', { name: 'Releases' });

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Blue 2/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second.id);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Artists/ }).getAttribute('aria-selected')).toBe('true');
    const first = screen.getByRole('option', { name: 'Blue Orchid' });
    expect(box().getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/a2'));
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('opens the search page on Enter with nothing highlighted, and closes on Escape', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/search': () => json(200, reply) });
    const { router } = renderApp('/rules');
    await user.type(await findBox(), 'blue note');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=blue%20note');
  });

  it('never lets a slower reply for an older text replace the newer results', async () => {
    const user = userEvent.setup();
    let releaseOld: () => void = () => {};
    const oldAnswered = new Promise<void>((resolve) => (releaseOld = resolve));
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': async (url) => {
        const q = url.searchParams.get('q');
        if (q === 'blu') {
          await oldAnswered;
          return json(200, makeSearchReply({ releases: someReleases(2, 'Old') }));
        }
        return json(200, makeSearchReply({ releases: someReleases(2, 'New') }));
      },
    });
    renderApp('/rules');
    await user.type(await findBox(), 'blu');
    await waitFor(() => expect(status().textContent).toContain('Searching'));
    await user.type(box(), 'e');
    await screen.findByRole('option', { name: /New 1/ });

    releaseOld();
    await oldAnswered;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option', { name: /Old/ })).toBeNull();
    expect(screen.getByRole('option', { name: /New 1/ })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/search': () => json(200, makeSearchReply()),
    });
    renderApp('/rules');
    await user.type(await findBox(), 'zzz');
    await waitFor(() => expect(status().textContent).toContain('No results for “zzz”.'));
    expect(screen.getByText('No releases match “zzz”.')).toBeTruthy();
  });
});
