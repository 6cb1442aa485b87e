import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountStatus } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows validation errors under the fields without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/login');
    const form = (await screen.findByRole('button', { name: 'Login' })).closest('form')!;
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('email must be an email')).toBeTruthy();
    expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it("shows the server's message in the snackbar when login fails", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/me': signedOut,
      'POST /api/auth/login': () =>
        json(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }),
    });
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'mira@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it('returns to the page the visitor came from after logging in', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/me': signedOut,
      'POST /api/auth/login': () => json(200, { user: makeUser() }),
    });
    const { router } = renderApp('/login?redirectTo=%2Ftheme');
    await user.type(await screen.findByLabelText('Email'), 'Mira@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Theme', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/theme');
    expect(screen.getByRole('button', { name: 'Profile menu' })).toBeTruthy();
  });

  it('signs a new account in and sends it to /confirm', async () => {
    const user = userEvent.setup();
    let body: unknown;
    mockApi({
      'GET /api/users/me': signedOut,
      'POST /api/auth/signup': (_url, init) => {
        body = JSON.parse(String(init.body));
        return json(201, { user: makeUser({ accountStatus: AccountStatus.NOT_CONFIRMED }) });
      },
    });
    const { router } = renderApp('/login?mode=signup');
    expect(await screen.findByRole('tab', { name: 'Sign up', selected: true })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'mira@example.com');
    await user.type(screen.getByLabelText('Username'), 'mira');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm');
    expect(body).toEqual({ email: 'mira@example.com', username: 'mira', password: 'secret-pass' });
  });
});
