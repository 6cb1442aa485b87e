import { useSyncExternalStore } from 'react';
import {
  CUSTOM_PRESET,
  DEFAULT_DARK_PRESET,
  DEFAULT_LIGHT_PRESET,
  defaultThemes,
  onColor,
} from '@earmark/common';
import type { Theme, ThemeColorKey, ThemeColors } from '@earmark/common';

export const THEME_COLORS_STORAGE_KEY = 'themeColors';
export const THEME_PRESET_STORAGE_KEY = 'themePreset';

/**
 * The colour keys, read from a default theme rather than imported as
 * THEME_COLOR_KEYS: that constant's module also builds the Zod schemas, and
 * this file is part of the entry chunk, which stays free of Zod and of the
 * other palettes.
 */
const COLOR_KEYS = Object.keys(defaultThemes.light.colors) as ThemeColorKey[];
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export interface ThemeState extends Theme {
  /** False while the theme only follows the system preference (nothing chosen yet). */
  stored: boolean;
}

/** `background_sub` → `--color-background-sub`. */
export function themeVariable(key: ThemeColorKey): string {
  return `--color-${key.replace('_', '-')}`;
}

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

/** The default preset for a first visit: light or dark after the system setting. */
export function systemTheme(): Theme {
  const dark = darkQuery()?.matches ?? false;
  const { colors } = dark ? defaultThemes.dark : defaultThemes.light;
  return { preset: dark ? DEFAULT_DARK_PRESET : DEFAULT_LIGHT_PRESET, colors: { ...colors } };
}

/** The theme saved in this browser, or null when none (or when it is unreadable). */
export function readStoredTheme(): Theme | null {
  try {
    const colors = JSON.parse(localStorage.getItem(THEME_COLORS_STORAGE_KEY) ?? 'null') as unknown;
    const preset = localStorage.getItem(THEME_PRESET_STORAGE_KEY) || CUSTOM_PRESET;
    return isThemeColors(colors) ? { preset, colors } : null;
  } catch {
    return null;
  }
}

function writeStoredTheme(theme: Theme | null): void {
  try {
    if (theme) {
      localStorage.setItem(THEME_COLORS_STORAGE_KEY, JSON.stringify(theme.colors));
      localStorage.setItem(THEME_PRESET_STORAGE_KEY, theme.preset);
    } else {
      localStorage.removeItem(THEME_COLORS_STORAGE_KEY);
      localStorage.removeItem(THEME_PRESET_STORAGE_KEY);
    }
  } catch {
    // Private mode or full storage: the theme still applies for this visit.
  }
}

/** Sets the theme's colours as CSS variables on <html>, plus the derived label colours. */
export function applyThemeColors(
  colors: ThemeColors,
  root: HTMLElement = document.documentElement,
) {
  for (const key of COLOR_KEYS) root.style.setProperty(themeVariable(key), colors[key]);
  root.style.setProperty('--color-on-primary', onColor(colors.primary));
  root.style.setProperty('--color-on-error', onColor(colors.error));
  // Native controls (scrollbars, date pickers) follow the theme's lightness.
  root.style.colorScheme = onColor(colors.background) === '#ffffff' ? 'dark' : 'light';

  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = colors.background;
}

/** Checked by hand rather than with the Zod schema, for the same reason. */
export function isThemeColors(value: unknown): value is ThemeColors {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return COLOR_KEYS.every((key) => {
    const color = record[key];
    return typeof color === 'string' && HEX_COLOR.test(color);
  });
}

let state: ThemeState | null = null;
const listeners = new Set<() => void>();

function update(next: ThemeState) {
  state = next;
  applyThemeColors(next.colors);
  for (const listener of listeners) listener();
}

/** Applies the saved theme (or the system default) before the first render. */
export function initTheme(): void {
  const stored = readStoredTheme();
  update(stored ? { ...stored, stored: true } : { ...systemTheme(), stored: false });
  darkQuery()?.addEventListener('change', () => {
    if (!state?.stored) update({ ...systemTheme(), stored: false });
  });
  // A theme picked or reset in another tab applies here too.
  window.addEventListener('storage', (event) => {
    const keys = [THEME_COLORS_STORAGE_KEY, THEME_PRESET_STORAGE_KEY, null];
    if (!keys.includes(event.key)) return;
    const next = readStoredTheme();
    update(next ? { ...next, stored: true } : { ...systemTheme(), stored: false });
  });
}

export function getTheme(): ThemeState {
  if (!state) initTheme();
  return state as ThemeState;
}

/** Applies a theme at once and remembers it in this browser. */
export function setTheme(theme: Theme): void {
  writeStoredTheme(theme);
  update({ preset: theme.preset, colors: { ...theme.colors }, stored: true });
}

/** Forgets the chosen theme and follows the system's light or dark setting again. */
export function resetTheme(): void {
  writeStoredTheme(null);
  update({ ...systemTheme(), stored: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
