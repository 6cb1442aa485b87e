import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ReleaseType } from '@earmark/common';
import type { Artist } from '@earmark/common';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeReleaseSummary } from '../../releases/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const artist: Artist = {
  id: 'a1',
  name: 'Мира Вейл',
  nameLatin: 'Mira Vale',
  bio: 'Singer and producer.',
  releases: [
    makeReleaseSummary({ id: 'r3', title: 'Late Single', type: ReleaseType.Single }),
    makeReleaseSummary({ id: 'r2', title: 'Second LP', date: '2022-01-01' }),
    makeReleaseSummary({ id: 'r1', title: 'First LP', date: '2019-01-01' }),
  ],
};

describe('artist page', () => {
  it('shows the artist and the discography grouped by type', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/artists/a1': json(200, artist) });
    renderApp('/artist/a1');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Мира Вейл');
    expect(screen.getByText('Mira Vale', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Singer and producer.')).toBeTruthy();
    const lps = screen.getByRole('list', { name: 'LPs' });
    expect(
      within(lps)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Second LP', 'First LP']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'LPs2',
      'Singles1',
    ]);
  });

  it('says when the artist has no releases', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/artists/a1': json(200, { ...artist, releases: [] }),
    });
    renderApp('/artist/a1');
    expect(await screen.findByText('There are no releases')).toBeTruthy();
  });

  it('moves to the artist a merged one went into (the API followed the merge)', async () => {
    // The server answers the merged id with a redirect to the target, which fetch follows.
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/artists/old': json(200, artist),
      'GET /api/artists/a1': json(200, artist),
    });
    const { router } = renderApp('/artist/old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/a1'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Мира Вейл');
  });
});
