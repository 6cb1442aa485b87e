import type { ComponentType } from 'react';
import { MODULE_RELOAD_DELAY_MS } from '@earmark/common';

const RELOAD_KEY = 'earmark:module-reload-at';
/** A second failure within this window is a real error, not a stale deploy: show it. */
const RELOAD_GUARD_MS = 30_000;

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(at) && Date.now() - at < RELOAD_GUARD_MS;
  } catch {
    return true; // No storage: never risk a reload loop.
  }
}

function markReload() {
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // reloadedRecently() reports true without storage, so this cannot loop.
  }
}

/**
 * Loads a code-split module. When it fails (typically a new deployment
 * replaced the hashed chunk this tab knew about), the page reloads once after
 * a second to pick up the new build; a second failure reaches the error view.
 */
export async function loadModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (typeof window === 'undefined' || reloadedRecently()) throw error;
    markReload();
    await new Promise((resolve) => setTimeout(resolve, MODULE_RELOAD_DELAY_MS));
    window.location.reload();
    // Stay pending: the page is going away.
    return new Promise<T>(() => {});
  }
}

/** A route's `lazy` for a module whose default export is the page component. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadModule(load);
    return { Component: module.default };
  };
}
