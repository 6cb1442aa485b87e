import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Genre } from '@earmark/common';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makePage, makeReleaseSummary } from '../../releases/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const postPunk: Genre = {
  id: 'g2',
  name: 'Post-Punk',
  bio: 'Angular guitars and restless rhythms.',
  parents: [{ id: 'g1', name: 'Rock' }],
  children: [{ id: 'g3', name: 'Gothic Rock' }],
};

describe('genre page', () => {
  it('shows name, bio, related genres, a menu and its new releases', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/genres/g2': json(200, postPunk),
      'GET /api/releases': json(200, makePage([makeReleaseSummary({ title: 'Unknown Hours' })])),
    });
    renderApp('/genre/g2');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Post-Punk');
    expect(screen.getByText('Angular guitars and restless rhythms.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rock' }).getAttribute('href')).toBe('/genre/g1');
    expect(screen.getByRole('link', { name: 'Gothic Rock' }).getAttribute('href')).toBe(
      '/genre/g3',
    );
    expect(screen.getByRole('heading', { name: 'New releases' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Unknown Hours' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/releases'));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('type')).toBe('new');
    expect(url.searchParams.get('genreId')).toBe('g2');

    await user.click(screen.getByRole('button', { name: 'Post-Punk options' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe(
      '/contributions/genres/g2',
    );
    expect(within(menu).getByRole('menuitem', { name: 'History' }).getAttribute('href')).toBe(
      '/history/genre/g2',
    );
  });

  it('shows the 404 page for an unknown genre', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/genres/zz': json(404, { statusCode: 404, error: 'Not Found', message: 'Nope' }),
    });
    renderApp('/genre/zz');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
