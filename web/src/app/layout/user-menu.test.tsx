import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContributorStatus } from '@earmark/common';
import { json, makeUser, mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile menu', () => {
  it('offers Profile, Settings, Add Release and Logout', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': () => json(200, makeUser()) });
    renderApp('/rules');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));

    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Settings', 'Add Release', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/mira');
  });

  it('shows Open Contributions to trusted contributors', async () => {
    mockApi({
      'GET /api/users/me': () =>
        json(200, makeUser({ contributorStatus: ContributorStatus.TRUSTED_CONTRIBUTOR })),
    });
    renderApp('/rules');
    const link = await screen.findByRole('link', { name: 'Open Contributions' });
    expect(link.getAttribute('href')).toBe('/contributions/releases');
  });

  it('logs out: the session is forgotten and the login page opens', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    mockApi({
      'GET /api/users/me': () =>
        signedIn ? json(200, makeUser()) : json(401, { statusCode: 401, message: 'Not signed in' }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderApp('/rules');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Profile menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
  });
});
