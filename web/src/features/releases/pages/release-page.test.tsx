import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReleaseGenreVotes } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntriesPage } from '../../reviews/test-support';
import { listsPage } from '../../lists/test-support';
import { makeRelease, makeTrack } from '../test-support';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const notFound = () =>
  json(404, { statusCode: 404, error: 'Not Found', message: 'Release not found' });

const votes = (myVote: ReleaseGenreVotes[number]['myVote']): ReleaseGenreVotes => [
  { id: 'g1', name: 'Dream Pop', score: 4, upvotes: 5, downvotes: 1, myVote },
];

describe('release page', () => {
  it('shows the release, its facts, tracks and tabs', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/release/r1');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Blue Hour');
    expect(document.title).toBe('Blue Hour by Mira Vale | Earmark');
    expect(
      document.head.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    ).toMatch(/\/media\/covers\/r1-og\.jpg$/);
    expect(screen.getByRole('img', { name: 'Cover of Blue Hour by Mira Vale' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Northern Lights' }).getAttribute('href')).toBe(
      '/label/l1',
    );
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Dream Pop/ }).getAttribute('href')).toBe('/genre/g1');
    expect(screen.getByText('5 Mar 2024')).toBeTruthy();

    const tracks = screen.getByRole('region', { name: 'Tracks' });
    expect(within(tracks).getAllByRole('listitem')).toHaveLength(2);
    expect(within(tracks).getByText('2 tracks · 6:25')).toBeTruthy();

    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'About this release' });
    expect(Array.from(tabs.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      '/release/r1',
      '/release/r1/lists',
      '/release/r1/ratings',
    ]);
    // Visitors see the genres but get no vote buttons.
    expect(screen.queryByRole('button', { name: 'Vote on genres' })).toBeNull();
  });

  it('shows the lists and ratings tabs with their own empty states', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(
        200,
        makeRelease({ stats: { ratingsCount: 0, ratingsAvg: null } }),
      ),
      'GET /api/lists': json(200, listsPage([])),
    });
    const { router } = renderApp('/release/r1/lists');
    expect(await screen.findByText('This release is not in any list yet')).toBeTruthy();
    await router.navigate('/release/r1/ratings');
    expect(await screen.findByText('Ratings of this release will show up here.')).toBeTruthy();
    // The rating summary in the header and the tab's empty state.
    expect(screen.getAllByText('No ratings yet')).toHaveLength(2);
  });

  it('leaves out the footer when a track has no duration', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(
        200,
        makeRelease({ tracks: [makeTrack(), makeTrack({ id: 't2', durationMs: null, order: 1 })] }),
      ),
    });
    renderApp('/release/r1');
    const tracks = await screen.findByRole('region', { name: 'Tracks' });
    expect(within(tracks).queryByText(/tracks ·/)).toBeNull();
  });

  it('shows the 404 page for an unknown release', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/releases/nope': notFound() });
    renderApp('/release/nope');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });

  it('lets a signed-in contributor vote on a genre and withdraw the vote', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/genres/release/r1': json(200, votes(null)),
      'POST /api/genres/rg': (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(200, votes({ id: 'v1', vote: 1 }));
      },
      'DELETE /api/genres/rg/v1': json(200, votes(null)),
    });
    renderApp('/release/r1');

    await user.click(await screen.findByRole('button', { name: 'Vote on genres' }));
    const up = await screen.findByRole('button', { name: '5 votes for Dream Pop' });
    expect(up.getAttribute('aria-pressed')).toBe('false');

    await user.click(up);
    expect(posted).toEqual([{ releaseId: 'r1', genreId: 'g1', vote: 1 }]);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: '5 votes for Dream Pop' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );

    await user.click(screen.getByRole('button', { name: '5 votes for Dream Pop' }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: '5 votes for Dream Pop' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
  });
});
