import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPreset, themePresets } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { resetTheme } from '../../../lib/theme';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  localStorage.clear();
  resetTheme();
});
afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

describe('theme page', () => {
  it('lists every preset and applies the one picked at once', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/theme');
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(themePresets.length);

    await user.click(screen.getByRole('radio', { name: /Purple 3/ }));
    const purple = getPreset('purple-3')!;
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(
      purple.colors.primary,
    );
    expect(localStorage.getItem('themePreset')).toBe('purple-3');
    expect(screen.getByRole('radio', { name: /Purple 3/ })).toHaveProperty('checked', true);
  });

  it('turns an edited theme into a custom one and warns about low contrast', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/theme');
    const text = await screen.findByLabelText('Text');
    const background = screen.getByLabelText('Background');
    fireEvent.change(background, { target: { value: '#777777' } });
    fireEvent.change(text, { target: { value: '#888888' } });

    expect(localStorage.getItem('themePreset')).toBe('custom');
    expect(JSON.parse(localStorage.getItem('themeColors')!)).toMatchObject({
      background: '#777777',
      text: '#888888',
    });
    expect(screen.getByText(/Low contrast: text on background is 1\.\d:1/)).toBeTruthy();
  });

  it('saves the theme to the account of a signed-in user', async () => {
    const user = userEvent.setup();
    let saved: unknown;
    mockApi({
      'GET /api/users/me': () => json(200, makeUser()),
      'PATCH /api/users/u1/update-theme': (_url, init) => {
        saved = JSON.parse(String(init.body));
        return json(200, makeUser({ theme: saved as never }));
      },
    });
    renderApp('/theme');
    await user.click(await screen.findByRole('radio', { name: /Green 1/ }));
    await user.click(screen.getByRole('button', { name: 'Save to account' }));

    expect(await screen.findByText('Theme saved to your account')).toBeTruthy();
    expect(saved).toEqual({ preset: 'green-1', colors: getPreset('green-1')!.colors });
    expect(screen.getByRole('button', { name: 'Saved to account' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('offers signed-out visitors a login link instead of saving', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/theme');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save to account' })).toBeNull();
  });
});
