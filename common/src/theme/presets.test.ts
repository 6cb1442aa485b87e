import { describe, expect, it } from 'vitest';
import { THEME_COLOR_KEYS, themeColorsSchema } from '../schemas/theme';
import { contrastRatio, mixColors, onColor } from './contrast';
import {
  CUSTOM_PRESET,
  DEFAULT_DARK_PRESET,
  DEFAULT_LIGHT_PRESET,
  defaultThemes,
} from './defaults';
import { getPreset, isThemePresetId, themePresetIds, themePresets } from './presets';
import { TRACK_ROW_MAX_TINT, lowContrastChecks } from './readability';

const expectedIds = [
  'gray-1',
  'gray-2',
  ...[1, 2, 3, 4].map((n) => `pink-${n}`),
  ...[1, 2, 3, 4].map((n) => `purple-${n}`),
  ...[1, 2, 3].map((n) => `red-${n}`),
  ...[1, 2, 3].map((n) => `green-${n}`),
  ...[1, 2, 3].map((n) => `brown-${n}`),
  ...[1, 2, 3].map((n) => `orange-${n}`),
  ...[1, 2, 3, 4, 5].map((n) => `blue-${n}`),
];

describe('theme presets', () => {
  it('has the 27 presets in order', () => {
    expect(themePresets).toHaveLength(27);
    expect(themePresets.map((p) => p.id)).toEqual(expectedIds);
    expect([...themePresetIds]).toEqual(expectedIds);
  });

  it('names each preset after its family and number', () => {
    expect(getPreset('blue-3')?.name).toBe('Blue 3');
    expect(getPreset('gray-1')?.name).toBe('Gray 1');
    expect(getPreset('purple-4')?.name).toBe('Purple 4');
  });

  it('finds presets by id, and nothing for custom or unknown ids', () => {
    expect(getPreset('green-2')?.id).toBe('green-2');
    expect(getPreset(CUSTOM_PRESET)).toBeUndefined();
    expect(getPreset('blue-9')).toBeUndefined();
    expect(isThemePresetId('orange-3')).toBe(true);
    expect(isThemePresetId(CUSTOM_PRESET)).toBe(false);
  });

  it('defaults to a light and a dark preset of the right mode', () => {
    expect(getPreset(DEFAULT_LIGHT_PRESET)?.mode).toBe('light');
    expect(getPreset(DEFAULT_DARK_PRESET)?.mode).toBe('dark');
  });

  it('offers both light and dark themes', () => {
    const modes = new Set(themePresets.map((p) => p.mode));
    expect(modes).toEqual(new Set(['light', 'dark']));
  });

  it('gives every preset a distinct palette', () => {
    const palettes = themePresets.map((p) => THEME_COLOR_KEYS.map((k) => p.colors[k]).join());
    expect(new Set(palettes).size).toBe(themePresets.length);
  });
});

describe.each(themePresets.map((p) => [p.id, p] as const))('preset %s', (_id, preset) => {
  const c = preset.colors;

  it('has only valid colours', () => {
    expect(themeColorsSchema.safeParse(c).success).toBe(true);
    expect(Object.keys(c).sort()).toEqual([...THEME_COLOR_KEYS].sort());
  });

  it('matches its mode: light themes have light backgrounds', () => {
    const backgroundIsLight = onColor(c.background) === '#000000';
    expect(backgroundIsLight).toBe(preset.mode === 'light');
  });

  it('keeps every text colour readable on both backgrounds (WCAG AA, 4.5:1)', () => {
    for (const bg of [c.background, c.background_sub]) {
      for (const fg of [c.text, c.text_sub, c.primary, c.highlight, c.error]) {
        expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps labels on filled primary and error buttons readable', () => {
    expect(contrastRatio(onColor(c.primary), c.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onColor(c.error), c.error)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps text readable on track rows tinted red by down-votes', () => {
    const row = mixColors(c.error, c.background_sub, TRACK_ROW_MAX_TINT);
    expect(contrastRatio(c.text, row)).toBeGreaterThanOrEqual(4.5);
    // On a fully tinted row, secondary text (numbers, durations, counts) is body text.
    const halfRow = mixColors(c.error, c.background_sub, TRACK_ROW_MAX_TINT / 2);
    expect(contrastRatio(mixColors(c.text, c.text_sub, 0.5), halfRow)).toBeGreaterThanOrEqual(4.5);
  });

  it('passes every check of the theme editor', () => {
    expect(lowContrastChecks(c)).toEqual([]);
  });
});

describe('default themes', () => {
  it('are the gray presets a first visit gets', () => {
    expect(getPreset(DEFAULT_LIGHT_PRESET)?.colors).toEqual(defaultThemes.light.colors);
    expect(getPreset(DEFAULT_DARK_PRESET)?.colors).toEqual(defaultThemes.dark.colors);
    expect(getPreset(DEFAULT_DARK_PRESET)?.mode).toBe('dark');
  });
});
