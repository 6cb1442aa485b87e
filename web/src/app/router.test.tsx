import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { AccountStatus } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { RouteErrorView } from '../components/error-views';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('router', () => {
  it('shows the 404 page for an unknown path', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404: Not found' })).toBeTruthy();
    expect(document.title).toBe('Not found | Earmark');
  });

  it('answers 404 for a reserved word in the username position, without asking the server', async () => {
    const fetchMock = mockApi({ 'GET /api/users/me': signedOut });
    // 'rules-x' is an ordinary username: the profile route matches.
    const profile = renderApp('/rules-x');
    await waitFor(() =>
      expect(profile.router.state.matches.map((match) => match.route.path)).toContain('/:username'),
    );
    cleanup();
    fetchMock.mockClear();

    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: '404: Not found' })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.every((url) => url.startsWith('/api/users/me'))).toBe(true);
  });

  it('asks signed-out visitors to log in on a login-required page', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/settings/profile');
    expect(await screen.findByText('Please login or sign up to access this page.')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?redirectTo=%2Fsettings%2Fprofile');
  });

  it('sends an unconfirmed account to /confirm from any other page', async () => {
    mockApi({
      'GET /api/users/me': () =>
        json(200, makeUser({ accountStatus: AccountStatus.NOT_CONFIRMED })),
    });
    const { router } = renderApp('/rules');
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm');
    expect(screen.getByText('mira@example.com')).toBeTruthy();
  });

  it('shows the header for the signed-in user: bell and profile menu, no login link', async () => {
    mockApi({ 'GET /api/users/me': () => json(200, makeUser()) });
    renderApp('/rules');
    expect(await screen.findByRole('button', { name: 'Profile menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'login' })).toBeNull();
    // Only trusted contributors see the link to open contributions.
    expect(screen.queryByRole('link', { name: 'Open Contributions' })).toBeNull();
  });

  it('shows the error view with the error text when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Kaboom');
    }
    renderApp('/', [{ path: '/', element: <Broken />, errorElement: <RouteErrorView /> }]);
    expect(await screen.findByText('Unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('Kaboom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
