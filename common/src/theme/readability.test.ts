import { describe, expect, it } from 'vitest';
import { defaultThemes } from './defaults';
import { lowContrastChecks, themeContrastChecks } from './readability';

const light = defaultThemes.light.colors;

describe('themeContrastChecks', () => {
  it('checks each text colour on both backgrounds', () => {
    const labels = themeContrastChecks(light).map((c) => c.label);
    for (const name of ['Text', 'Secondary text', 'Primary', 'Highlight', 'Error']) {
      expect(labels).toContain(`${name} on background`);
      expect(labels).toContain(`${name} on secondary background`);
    }
  });

  it('checks the secondary text of a fully down-voted track row against its red tint', () => {
    const row = themeContrastChecks(light).find(
      (c) => c.label === 'Secondary text on a track row 100% down-voted',
    );
    // On a fully tinted row the secondary text is the body text.
    expect(row?.foreground).toBe(light.text);
    expect(row?.background).not.toBe(light.background_sub);
  });
});

describe('lowContrastChecks', () => {
  it('finds nothing wrong with a readable theme', () => {
    expect(lowContrastChecks(light)).toEqual([]);
  });

  it('lists what is hard to read, worst first, with its ratio', () => {
    const low = lowContrastChecks({ ...light, highlight: '#6f8fe0' });
    expect(low.map((c) => c.label)).toEqual([
      'Highlight on secondary background',
      'Highlight on background',
    ]);
    expect(low[0]?.ratio).toBeLessThan(low[1]?.ratio ?? 0);
    expect(low.every((c) => c.ratio < 4.5 && c.min === 4.5)).toBe(true);
  });

  it('holds primary text to its own light tint too', () => {
    // Readable on both backgrounds, but not on the tint of badges and chips.
    const colors = { ...light, primary: '#3a63d8' };
    const labels = lowContrastChecks(colors).map((c) => c.label);
    expect(labels).not.toContain('Primary on background');
    expect(labels).toContain('Primary on a primary tint over secondary background');
  });
});
