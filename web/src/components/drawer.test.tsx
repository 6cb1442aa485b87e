import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from './drawer';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Menu" side="right">
        <a href="/rules">Rules</a>
        <a href="/theme">Theme</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is a named native dialog, opened modally, that takes focus', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.tagName).toBe('DIALOG');
    // showModal() makes the page behind inert and keeps Tab inside (checked in the browser).
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    showModal.mockRestore();
  });

  it('closes with Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a press outside the panel, not inside it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });

    fireEvent.mouseDown(screen.getByRole('heading', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(dialog);
    fireEvent.mouseDown(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows the browser when it closes the dialog itself', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    act(() => (screen.getByRole('dialog', { name: 'Menu' }) as HTMLDialogElement).close());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
