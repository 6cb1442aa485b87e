import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeContractViolations } from './api-contract';

// Lazy routes load their chunks on first use; on a busy two-core machine that
// can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Unmount what each test rendered; without vitest globals Testing Library cannot do it itself.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A fake reply the real server could not send fails the test that used it.
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(violations.join('\n\n'));
});

// jsdom has no modal dialogs. Browsers open them in the top layer with the
// page behind inert; here showModal() only opens the element, and Escape
// fires `cancel` on the newest open one and closes it unless cancelled.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    const index = modals.indexOf(this);
    if (index !== -1) modals.splice(index, 1);
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
