import { useEffectEvent, useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/** Open modals; the page behind does not scroll while there is one. */
let openCount = 0;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal behaviour shared by dialogs and drawers, from the native `<dialog>`:
 * `showModal()` puts it above everything, makes the page behind inert (focus
 * and pointer cannot reach it) and turns Escape into a `cancel` event. This
 * hook opens the dialog, moves focus inside, lets the owner close it (Escape
 * or the browser closing it), stops the page from scrolling, and returns
 * focus to the opener afterwards.
 */
export function useModal(
  open: boolean,
  dialogRef: RefObject<HTMLDialogElement | null>,
  onClose: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
): void {
  const close = useEffectEvent(onClose);
  const focusInitial = useEffectEvent((dialog: HTMLDialogElement) => {
    const target =
      initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    target.focus();
  });

  // A layout effect: the dialog is modal before the first paint.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusInitial(dialog);
    openCount += 1;
    document.body.style.overflow = 'hidden';

    // The owner decides: Escape asks it to close instead of closing the element.
    function onCancel(event: Event) {
      event.preventDefault();
      close();
    }
    // Browsers may close it anyway (a second Escape); the owner follows.
    function onNativeClose() {
      close();
    }
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = '';
      if (opener?.isConnected) opener.focus();
    };
  }, [open, dialogRef]);
}
