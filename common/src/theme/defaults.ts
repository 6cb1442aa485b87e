import type { ThemeColors } from '../schemas/theme';

/** The preset name stored once a user edits any colour of a preset. */
export const CUSTOM_PRESET = 'custom';

/** Presets for a first visit, following the system's light or dark preference. */
export const DEFAULT_LIGHT_PRESET = 'gray-1';
export const DEFAULT_DARK_PRESET = 'gray-2';

/**
 * The two themes a first visit gets, following the system's light or dark
 * preference (gray 1 and gray 2). Kept apart from the other palettes so the
 * first page load carries only these.
 */
export const defaultThemes: Record<
  'light' | 'dark',
  { mode: 'light' | 'dark'; colors: ThemeColors }
> = {
  light: {
    mode: 'light',
    colors: {
      background: '#ffffff',
      background_sub: '#f3f4f6',
      primary: '#2d57c8',
      highlight: '#0b7a75',
      text: '#1b1d21',
      text_sub: '#5b616b',
      error: '#c62828',
    },
  },
  dark: {
    mode: 'dark',
    colors: {
      background: '#18191c',
      background_sub: '#232428',
      primary: '#8ab4f8',
      highlight: '#81c995',
      text: '#e8eaed',
      text_sub: '#a8abb2',
      error: '#f28b82',
    },
  },
};
