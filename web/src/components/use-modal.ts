import { useEffect, useEffectEvent } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/** Open modals, innermost last: only the top one reacts to Escape and Tab. */
const stack: symbol[] = [];

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
  document.body.style.overflow = inert ? 'hidden' : '';
}

/**
 * Modal behaviour shared by dialogs and drawers: focus moves inside on open,
 * Tab cycles within, Escape closes, the page behind is inert and does not
 * scroll, and focus returns to the opener on close.
 */
export function useModal(
  open: boolean,
  containerRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
): void {
  const close = useEffectEvent(onClose);
  const focusInitial = useEffectEvent(() => {
    const container = containerRef.current;
    if (!container) return;
    const target = initialFocusRef?.current ?? focusableWithin(container)[0] ?? container;
    target.focus();
  });

  useEffect(() => {
    if (!open) return;
    const id = Symbol('modal');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(id);
    if (stack.length === 1) setBackgroundInert(true);
    focusInitial();

    function onKeyDown(event: KeyboardEvent) {
      if (stack[stack.length - 1] !== id) return;
      const container = containerRef.current;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const items = focusableWithin(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = stack.indexOf(id);
      if (index !== -1) stack.splice(index, 1);
      if (stack.length === 0) setBackgroundInert(false);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, containerRef]);
}
