import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { callsTo, signedInApi } from '../test-support';
import { currentUserQueryOptions } from '../../../lib/current-user';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const UPDATE = 'PATCH /api/users/u1/update-profile';

describe('profile settings', () => {
  it('opens from /settings with the tabs, and saves the name and username', async () => {
    const user = userEvent.setup();
    const me = makeUser({ id: 'u1', username: 'mira', name: 'Mira Stone' });
    const fetchMock = signedInApi(me, {
      [UPDATE]: json(200, { ...me, username: 'mira.s', name: 'Mira S' }),
    });
    const { router, queryClient } = renderApp('/settings');

    const username = await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(
      screen
        .getAllByRole('link')
        .filter((l) => l.closest('nav[aria-label="Settings sections"]'))
        .map((l) => l.textContent),
    ).toEqual(['Profile', 'Image', 'Content', 'Account']);
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.clear(username);
    await user.type(username, 'mira.s');
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Mira S');
    await user.click(save);

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(callsTo(fetchMock, UPDATE)).toEqual([{ body: { username: 'mira.s', name: 'Mira S' } }]);
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.username).toBe('mira.s');
    expect(save.disabled).toBe(true);
  });

  it('checks the username rules before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi();
    renderApp('/settings/profile');

    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Username can only contain letters, numbers, dashes, underscores, and periods, and should not contain spaces.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, UPDATE)).toEqual([]);
  });

  it('shows a taken username under the field as well as in the snackbar', async () => {
    const user = userEvent.setup();
    signedInApi(undefined, {
      [UPDATE]: json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Username is already taken',
      }),
    });
    renderApp('/settings/profile');

    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'ben');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findAllByText('Username is already taken')).toHaveLength(2);
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });
});
