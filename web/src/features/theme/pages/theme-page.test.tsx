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
    // The readout follows the theme store's update, which a loaded machine may render a moment later.
    expect(
      await screen.findByText(/^Low contrast: \d+ colour pairs are below 4\.5:1/),
    ).toBeTruthy();
    expect((await screen.findByText(/^Text on background:/)).textContent).toMatch(
      /^Text on background: 1\.\d:1$/,
    );
  });

  it('checks primary, highlight and error on both backgrounds, with the ratio', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/theme');
    expect(await screen.findByText(/^Every text colour is easy to read/)).toBeTruthy();
    // A pale error colour reads badly on the light backgrounds of the default theme.
    fireEvent.change(screen.getByLabelText('Error'), { target: { value: '#ff9999' } });
    expect((await screen.findByText(/^Error on background:/)).textContent).toBe(
      'Error on background: 2.0:1',
    );
    expect(screen.getByText(/^Error on secondary background:/)).toBeTruthy();
    expect(screen.queryByText(/^Primary on/)).toBeNull();
  });

  it('warns with the ratio before saving a theme that is hard to read', async () => {
    const user = userEvent.setup();
    let saves = 0;
    mockApi({
      'GET /api/users/me': () => json(200, makeUser()),
      'PATCH /api/users/u1/update-theme': (_url, init) => {
        saves += 1;
        return json(200, makeUser({ theme: JSON.parse(String(init.body)) as never }));
      },
    });
    renderApp('/theme');
    fireEvent.change(await screen.findByLabelText('Primary'), { target: { value: '#aabbee' } });
    await user.click(screen.getByRole('button', { name: 'Save to account' }));

    const warning = screen.getByRole('alert');
    expect(warning.textContent).toMatch(
      /The worst, primary on a primary tint over secondary background, is 1\.\d:1\. Save this theme anyway\?/,
    );
    expect(saves).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save to account' }));
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Theme saved to your account')).toBeTruthy();
    expect(saves).toBe(1);
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
