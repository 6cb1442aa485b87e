import { useSyncExternalStore } from 'react';
import { storage } from './storage';

export type SideMenuSide = 'left' | 'right';

export const SIDE_MENU_STORAGE_KEY = 'sideMenuSide';

const listeners = new Set<() => void>();

export function getSideMenuSide(): SideMenuSide {
  return storage.get(SIDE_MENU_STORAGE_KEY) === 'right' ? 'right' : 'left';
}

/** Which side the main menu drawer opens on; remembered in this browser. */
export function setSideMenuSide(side: SideMenuSide): void {
  storage.set(SIDE_MENU_STORAGE_KEY, side);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSideMenuSide(): SideMenuSide {
  return useSyncExternalStore(subscribe, getSideMenuSide, () => 'left');
}
