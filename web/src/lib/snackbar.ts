import { useSyncExternalStore } from 'react';

export type SnackbarVariant = 'info' | 'success' | 'error';

export interface SnackbarMessage {
  id: number;
  message: string;
  variant: SnackbarVariant;
}

/**
 * A tiny store so anything — components, the query client's global error
 * handler, socket listeners — can show a message. One message shows at a
 * time; a new one replaces the current one.
 */
let current: SnackbarMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showSnackbar(message: string, variant: SnackbarVariant = 'info'): void {
  current = { id: nextId++, message, variant };
  emit();
}

export function dismissSnackbar(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSnackbarMessage(): SnackbarMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** For components: `const snackbar = useSnackbar(); snackbar.show('Saved', 'success')`. */
export function useSnackbar() {
  return { show: showSnackbar, dismiss: dismissSnackbar };
}
