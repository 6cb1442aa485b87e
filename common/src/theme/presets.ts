import type { ThemeColors } from '../schemas/theme';
import { palettes } from './palettes';

/** The 27 built-in themes, in the order the theme page lists them. */
export const themePresetIds = [
  'gray-1',
  'gray-2',
  'pink-1',
  'pink-2',
  'pink-3',
  'pink-4',
  'purple-1',
  'purple-2',
  'purple-3',
  'purple-4',
  'red-1',
  'red-2',
  'red-3',
  'green-1',
  'green-2',
  'green-3',
  'brown-1',
  'brown-2',
  'brown-3',
  'orange-1',
  'orange-2',
  'orange-3',
  'blue-1',
  'blue-2',
  'blue-3',
  'blue-4',
  'blue-5',
] as const;
export type ThemePresetId = (typeof themePresetIds)[number];

export type ThemeMode = 'light' | 'dark';

export interface ThemePreset {
  id: ThemePresetId;
  /** Display name, e.g. 'Blue 3'. */
  name: string;
  /** Whether the theme is light or dark, e.g. for the browser's color-scheme. */
  mode: ThemeMode;
  colors: ThemeColors;
}

function displayName(id: ThemePresetId): string {
  const [family = '', number = ''] = id.split('-');
  return `${family.charAt(0).toUpperCase()}${family.slice(1)} ${number}`;
}

export const themePresets: readonly ThemePreset[] = themePresetIds.map((id) => ({
  id,
  name: displayName(id),
  mode: palettes[id].mode,
  colors: palettes[id].colors,
}));

export function isThemePresetId(id: string): id is ThemePresetId {
  return (themePresetIds as readonly string[]).includes(id);
}

/** The preset with this id, or undefined for 'custom' and unknown ids. */
export function getPreset(id: string): ThemePreset | undefined {
  return themePresets.find((preset) => preset.id === id);
}
