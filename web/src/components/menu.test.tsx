import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Menu } from './menu';

afterEach(cleanup);

function renderMenu(onLogout = vi.fn()) {
  render(
    <MemoryRouter>
      <Menu
        label="Profile menu"
        trigger="M"
        items={[
          { key: 'profile', label: 'Profile', to: '/mira' },
          { key: 'settings', label: 'Settings', to: '/settings' },
          { kind: 'action', key: 'logout', label: 'Logout', onSelect: onLogout },
        ]}
      />
    </MemoryRouter>,
  );
  return onLogout;
}

describe('Menu', () => {
  it('opens from the keyboard on the first item and moves with the arrows', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Profile menu' });
    button.focus();
    await user.keyboard('{ArrowDown}');

    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Profile'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
  });

  it('closes with Escape and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Profile menu' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('menu')).toBeTruthy());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs an action item and closes', async () => {
    const user = userEvent.setup();
    const onLogout = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
