import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_EMAIL } from '@earmark/common';
import { mockApi, signedOut } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('lists the main links and opens the contact dialog', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/rules');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });

    for (const name of [
      'Home',
      'Releases',
      'Reviews',
      'Lists',
      'Theme',
      'Contributing',
      'Rules',
      'Support us',
      'Terms',
      'Privacy',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(drawer).getByText('© 2026 Earmark')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Contact' }));
    const contact = screen.getByRole('dialog', { name: 'Contact' });
    expect(
      within(contact).getByText(
        "Feel free to contact us with any feedback, bug reports, or questions. We're always happy to hear from you!",
      ),
    ).toBeTruthy();
    expect(
      within(contact)
        .getByRole('link', { name: `Email ${CONTACT_EMAIL}` })
        .getAttribute('href'),
    ).toBe(`mailto:${CONTACT_EMAIL}`);

    // Escape closes the innermost layer first.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Contact' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('remembers the side the visitor moves it to', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/rules');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Move menu to the right' }));

    expect(localStorage.getItem('sideMenuSide')).toBe('right');
    expect(screen.getByRole('button', { name: 'Move menu to the left' })).toBeTruthy();
  });
});
