import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@earmark/common';
import { dismissSnackbar, showSnackbar } from '../lib/snackbar';
import { SnackbarHost } from './snackbar';

afterEach(() => {
  act(() => dismissSnackbar());
  vi.useRealTimers();
});

const shown = () => screen.getByRole('status').textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the snackbar', () => {
  it('shows a message for five seconds', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('Saved', 'success'));
    expect(shown()).toContain('Saved');
    wait(TOAST_DURATION_MS - 100);
    expect(shown()).toContain('Saved');
    wait(200);
    expect(shown()).toBe('');
  });

  it('stays while the pointer is over it, and goes five seconds after it left', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('Mira followed you'));
    const message = screen.getByText('Mira followed you').parentElement!;
    fireEvent.pointerEnter(message);
    wait(TOAST_DURATION_MS * 3);
    expect(shown()).toContain('Mira followed you');
    fireEvent.pointerLeave(message);
    wait(TOAST_DURATION_MS - 100);
    expect(shown()).toContain('Mira followed you');
    wait(200);
    expect(shown()).toBe('');
  });

  it('stays while its Dismiss button has focus, and goes five seconds after focus left', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Elsewhere</button>
        <SnackbarHost />
      </>,
    );
    act(() => showSnackbar('Could not save', 'error'));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    wait(TOAST_DURATION_MS * 3);
    expect(shown()).toContain('Could not save');
    expect(document.activeElement).toBe(dismiss);

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    wait(TOAST_DURATION_MS + 100);
    expect(shown()).toBe('');

    // The next message is not held by the last one's focus.
    act(() => showSnackbar('Saved', 'success'));
    wait(TOAST_DURATION_MS + 100);
    expect(shown()).toBe('');
  });
});
