import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DARK_PRESET, DEFAULT_LIGHT_PRESET, getPreset, onColor } from '@earmark/common';
import type { ThemeColors } from '@earmark/common';

function stubColorScheme(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** lib/theme keeps module state: load a fresh copy for each test. */
async function loadTheme() {
  vi.resetModules();
  return import('./theme');
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('style');
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows the system preference on a first visit, without storing anything', async () => {
    stubColorScheme(true);
    const theme = await loadTheme();
    theme.initTheme();

    const dark = getPreset(DEFAULT_DARK_PRESET)!;
    expect(theme.getTheme()).toMatchObject({ preset: dark.id, stored: false });
    expect(cssVar('--color-background')).toBe(dark.colors.background);
    expect(localStorage.getItem('themeColors')).toBeNull();
  });

  it('applies a chosen theme as CSS variables and remembers it', async () => {
    stubColorScheme(false);
    const theme = await loadTheme();
    theme.initTheme();
    const preset = getPreset('green-2')!;
    theme.setTheme({ preset: preset.id, colors: preset.colors });

    expect(cssVar('--color-primary')).toBe(preset.colors.primary);
    expect(cssVar('--color-background-sub')).toBe(preset.colors.background_sub);
    expect(cssVar('--color-text-sub')).toBe(preset.colors.text_sub);
    expect(cssVar('--color-on-primary')).toBe(onColor(preset.colors.primary));
    expect(localStorage.getItem('themePreset')).toBe('green-2');
    expect(JSON.parse(localStorage.getItem('themeColors')!)).toEqual(preset.colors);

    // A new visit starts from what was stored.
    const again = await loadTheme();
    again.initTheme();
    expect(again.getTheme()).toMatchObject({ preset: 'green-2', stored: true });
  });

  it('follows a theme picked or reset in another tab', async () => {
    stubColorScheme(false);
    const theme = await loadTheme();
    theme.initTheme();
    const preset = getPreset('blue-3')!;

    // Another tab stores its choice; this one hears of it through a storage event.
    localStorage.setItem('themeColors', JSON.stringify(preset.colors));
    localStorage.setItem('themePreset', preset.id);
    window.dispatchEvent(new StorageEvent('storage', { key: 'themePreset' }));
    expect(theme.getTheme()).toMatchObject({ preset: 'blue-3', stored: true });
    expect(cssVar('--color-background')).toBe(preset.colors.background);
    expect(cssVar('--color-on-error')).toBe(onColor(preset.colors.error));

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(theme.getTheme()).toMatchObject({ preset: DEFAULT_LIGHT_PRESET, stored: false });
  });

  it('ignores a damaged stored theme and falls back to the default', async () => {
    stubColorScheme(false);
    localStorage.setItem('themeColors', JSON.stringify({ background: 'red' }));
    localStorage.setItem('themePreset', 'custom');
    const theme = await loadTheme();
    theme.initTheme();

    expect(theme.getTheme().preset).toBe(DEFAULT_LIGHT_PRESET);
    expect(theme.readStoredTheme()).toBeNull();
  });

  it('forgets the choice on reset', async () => {
    stubColorScheme(false);
    const theme = await loadTheme();
    const colors: ThemeColors = { ...getPreset('red-1')!.colors, primary: '#123456' };
    theme.setTheme({ preset: 'custom', colors });
    theme.resetTheme();

    expect(localStorage.getItem('themeColors')).toBeNull();
    expect(theme.getTheme()).toMatchObject({ preset: DEFAULT_LIGHT_PRESET, stored: false });
  });
});
