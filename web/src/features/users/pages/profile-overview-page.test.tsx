import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { emptyStatsRoutes, makeProfile } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5000 };

/** The rows of the hidden table that carries a chart's numbers. */
function tableRows(title: string): string[][] {
  const section = screen.getByRole('region', { name: title });
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

describe('profile overview', () => {
  it('shows an empty state in each chart when there is nothing to draw', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      ...emptyStatsRoutes,
    });
    renderApp('/ben');

    expect(await screen.findByText('No ratings yet.', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('No release dates yet.')).toBeTruthy();
    expect(await screen.findByText('No artists yet.')).toBeTruthy();
    expect(await screen.findByText('No genres yet.')).toBeTruthy();
    for (const title of ['Rating distribution', 'Decades', 'Top artists', 'Top genres']) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).queryByRole('table')).toBeNull();
    }
  });

  it('gives every chart a heading and a table of its numbers, and headline figures', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      ...emptyStatsRoutes,
      // The server may leave out empty buckets: all eleven still show.
      'GET /api/entries/user/u2/ratings': json(200, [
        { bucket: 7, count: 2 },
        { bucket: 8, count: 5 },
        { bucket: 10, count: 1 },
      ]),
      // Ties come in the server's order (higher rated first) and keep it.
      'GET /api/entries/user/u2/artists': json(200, [
        { artist: { id: 'a3', name: 'Spiritualized', nameLatin: null }, count: 2, avgRating: 90 },
        { artist: { id: 'a2', name: 'Low', nameLatin: null }, count: 2, avgRating: 80 },
        { artist: { id: 'a1', name: 'Slowdive', nameLatin: null }, count: 4, avgRating: 85 },
      ]),
      'GET /api/entries/user/u2/release-date': json(200, {
        decades: [
          { decade: 2000, count: 1 },
          { decade: 1990, count: 6 },
        ],
        years: [],
      }),
    });
    renderApp('/ben');

    await screen.findByRole('table', { name: 'Rating distribution' }, WAIT);
    expect(tableRows('Rating distribution')).toEqual(
      Array.from({ length: 11 }, (_, b) => [String(b), String({ 7: 2, 8: 5, 10: 1 }[b] ?? 0)]),
    );
    expect(tableRows('Top artists')).toEqual([
      ['Slowdive', '4'],
      ['Spiritualized', '2'],
      ['Low', '2'],
    ]);
    expect(tableRows('Decades')).toEqual([
      ['1990s', '6'],
      ['2000s', '1'],
    ]);
    expect(screen.getByText('No genres yet.')).toBeTruthy();

    const figures = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    );
    expect(figures).toMatchObject({
      Ratings: '8',
      'Most given rating': '8.0–8.9',
      'Top artist': 'Slowdive',
      'Top decade': '1990s',
    });
    expect(screen.getByRole('link', { name: 'Slowdive' }).getAttribute('href')).toBe(
      '/ben/music?artist=a1',
    );
  });
});
