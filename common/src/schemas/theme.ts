import { z } from 'zod';
import { hexColor, text } from './fields';

export const THEME_COLOR_KEYS = [
  'background',
  'background_sub',
  'primary',
  'highlight',
  'text',
  'text_sub',
  'error',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

export const themeColorsSchema = z.object({
  background: hexColor('background'),
  background_sub: hexColor('background_sub'),
  primary: hexColor('primary'),
  highlight: hexColor('highlight'),
  text: hexColor('text'),
  text_sub: hexColor('text_sub'),
  error: hexColor('error'),
});
export type ThemeColors = z.infer<typeof themeColorsSchema>;

/** A preset id such as 'blue-3', or 'custom' once colours were edited. */
export const themeSchema = z.object({
  preset: text('preset', { min: 1, max: 40 }),
  colors: themeColorsSchema,
});
export type Theme = z.infer<typeof themeSchema>;
