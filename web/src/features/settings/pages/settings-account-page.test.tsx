import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { callsTo, signedInApi } from '../test-support';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const UPDATE = 'PUT /api/auth/update-password';

async function changePassword(current: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

/** The error text tied to a field through aria-describedby. */
function fieldError(label: string): string | null | undefined {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert')?.textContent;
}

describe('account settings', () => {
  it('shows the account email and status', async () => {
    signedInApi(makeUser({ email: 'mira@example.com', accountStatus: 20 }));
    renderApp('/settings/account');

    expect(await screen.findByText('mira@example.com')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
  });

  it('refuses a confirmation that differs, without calling the server', async () => {
    const fetchMock = signedInApi();
    renderApp('/settings/account');

    await changePassword('old-secret', 'new-secret', 'new-secreT');

    expect(fieldError('Confirm new password')).toBe('Passwords do not match');
    expect(callsTo(fetchMock, UPDATE)).toEqual([]);
  });

  it('applies the API password rules before sending', async () => {
    const fetchMock = signedInApi();
    renderApp('/settings/account');

    await changePassword('old-secret', 'abc', 'abc');

    expect(fieldError('New password')).toBe(
      'password must be longer than or equal to 6 characters',
    );
    expect(callsTo(fetchMock, UPDATE)).toEqual([]);
  });

  it('sends the current and new password, confirms and clears the form', async () => {
    const fetchMock = signedInApi(undefined, {
      [UPDATE]: json(200, { message: 'Password updated successfully' }),
    });
    renderApp('/settings/account');

    await changePassword('old-secret', 'new-secret', 'new-secret');

    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(callsTo(fetchMock, UPDATE)).toEqual([
      { body: { currentPassword: 'old-secret', password: 'new-secret' } },
    ]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password under its field and in the snackbar', async () => {
    signedInApi(undefined, {
      [UPDATE]: json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Current password is incorrect',
      }),
    });
    renderApp('/settings/account');

    await changePassword('wrong', 'new-secret', 'new-secret');

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(fieldError('Current password')).toBe('Current password is incorrect');
  });
});
