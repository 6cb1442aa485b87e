import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { emptyStatsRoutes, makeProfile } from '../../users/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function profileOfBen(followedByViewer: boolean) {
  return mockApi({
    'GET /api/users/me': json(200, makeUser()),
    'GET /api/users/username/ben': json(200, makeProfile({ followedByViewer })),
    ...emptyStatsRoutes,
    'POST /api/users/u2/following': json(200, { following: true, followersCount: 5 }),
    'DELETE /api/users/u2/following': json(200, { following: false, followersCount: 3 }),
  });
}

/** The button's own status line, which screen readers read out when it changes. */
function statusOf(button: HTMLElement) {
  const line = button.nextElementSibling as HTMLElement;
  expect(line.getAttribute('role')).toBe('status');
  return line.textContent;
}

const shown = (name: string) => screen.getByRole('button', { name });

/** A pointer coming over the button, as a touch or a mouse. */
function pointerOver(button: HTMLElement, pointerType: 'touch' | 'mouse') {
  const event = new MouseEvent('pointerover', { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(button, event);
}

describe('follow button', () => {
  it('says Following after a click, Unfollow when pointed at again, and tells screen readers', async () => {
    profileOfBen(false);
    renderApp('/ben');
    const button = await screen.findByRole('button', { name: 'Follow' }, { timeout: 5000 });
    expect(statusOf(button)).toBe('');

    await userEvent.click(button);
    // The pointer is still on it, but right after the click it shows the new state.
    expect(shown('Following')).toBe(button);
    expect(statusOf(button)).toBe('You follow Ben Carter');

    await userEvent.unhover(button);
    expect(shown('Following')).toBe(button);
    await userEvent.hover(button);
    expect(shown('Unfollow')).toBe(button);
    await userEvent.unhover(button);
    expect(shown('Following')).toBe(button);

    await userEvent.hover(button);
    await userEvent.click(button);
    await waitFor(() => expect(shown('Follow')).toBe(button));
    expect(statusOf(button)).toBe('You no longer follow Ben Carter');
  });

  it('offers Unfollow when focused from the keyboard, not after a touch', async () => {
    profileOfBen(true);
    renderApp('/ben');
    const button = await screen.findByRole('button', { name: 'Following' }, { timeout: 5000 });

    pointerOver(button, 'touch');
    expect(shown('Following')).toBe(button);
    pointerOver(button, 'mouse');
    expect(shown('Unfollow')).toBe(button);
    fireEvent.pointerLeave(button);
    expect(shown('Following')).toBe(button);

    const matches = button.matches.bind(button);
    vi.spyOn(button, 'matches').mockImplementation(
      (selector) => selector === ':focus-visible' || matches(selector),
    );
    act(() => button.focus());
    expect(shown('Unfollow')).toBe(button);
    act(() => button.blur());
    expect(shown('Following')).toBe(button);
  });
});
