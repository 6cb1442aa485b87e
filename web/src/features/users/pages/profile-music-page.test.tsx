import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeReleaseSummary } from '../../releases/test-support';
import { emptyStatsRoutes, entriesPage, makeEntry, makeProfile } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const genres = [
  { genre: { id: 'g1', name: 'Shoegaze' }, count: 3 },
  { genre: { id: 'g2', name: 'Ambient' }, count: 1 },
];

/** The music page's API, recording the query of each GET entries. */
function mockMusic(entries = [makeEntry()]) {
  const queries: Record<string, string>[] = [];
  mockApi({
    'GET /api/users/me': signedOut,
    'GET /api/users/username/ben': json(200, makeProfile()),
    ...emptyStatsRoutes,
    'GET /api/entries/user/u2/genres': json(200, genres),
    'GET /api/entries/user/u2/release-date': json(200, {
      decades: [
        { decade: 1990, count: 2 },
        { decade: 2000, count: 1 },
      ],
      years: [
        { year: 1991, count: 1 },
        { year: 1997, count: 1 },
        { year: 2003, count: 1 },
      ],
    }),
    'GET /api/entries': (url) => {
      queries.push(Object.fromEntries(url.searchParams));
      return json(200, entriesPage(entries));
    },
  });
  return queries;
}

describe('profile music', () => {
  it('asks for the user’s entries by rating date and shows each with their rating', async () => {
    const queries = mockMusic([
      makeEntry(),
      makeEntry({
        id: 'e2',
        rating: null,
        release: makeReleaseSummary({ id: 'r2', title: 'Low Tide' }),
      }),
    ]);
    renderApp('/ben/music');

    const grid = await screen.findByRole('list', { name: "Ben Carter's music" }, { timeout: 5000 });
    expect(queries[0]).toEqual({ userId: 'u2', sortBy: 'RatingDate', pageSize: '60' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Ben Carter's rating: 8.5");
    expect(cards[1]?.textContent).not.toContain('rating:');
    expect(screen.getByText('2 releases').getAttribute('role')).toBe('status');
  });

  it('sends the filters and sort of the address, and adds a chosen filter to both', async () => {
    const queries = mockMusic();
    const { router } = renderApp('/ben/music?decade=1990&sortBy=RatingHighToLow');
    await screen.findByRole('list', { name: "Ben Carter's music" }, { timeout: 5000 });
    expect(queries.at(-1)).toMatchObject({
      userId: 'u2',
      sortBy: 'RatingHighToLow',
      decade: '1990',
    });

    // A filtered address opens the filters, so the reader sees why the list is short.
    expect(
      screen.getByRole('button', { name: 'Filters (1 active)' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const years = within(screen.getByLabelText('Year'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toEqual(['Any', '1997 (1)', '1991 (1)']);

    const genre = screen.getByLabelText('Genre');
    await waitFor(() => expect(within(genre).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(genre, 'g1');

    await waitFor(() => expect(queries.at(-1)).toMatchObject({ genre: 'g1', decade: '1990' }));
    expect(queries.at(-1)?.sortBy).toBe('RatingHighToLow');
    expect(new URLSearchParams(router.state.location.search).get('genre')).toBe('g1');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'ReleaseDate');
    await waitFor(() => expect(queries.at(-1)?.sortBy).toBe('ReleaseDate'));
    expect(router.state.location.search).toContain('sortBy=ReleaseDate');
  });

  it("says 'There are no releases' and offers to clear the filters", async () => {
    const queries = mockMusic([]);
    const { router } = renderApp('/ben/music?bucket=2&type=4');
    expect(await screen.findByText('There are no releases', {}, { timeout: 5000 })).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ bucket: '2', type: '4' });

    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual(expect.not.objectContaining({ bucket: '2' })),
    );
  });
});
