import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors, onColor, relativeLuminance } from './contrast';

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('weights green most and blue least', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('accepts upper case and a missing #', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('808080')).toBeCloseTo(0.2159, 4);
  });

  it('refuses anything but 6-digit hex', () => {
    expect(() => relativeLuminance('#fff')).toThrow();
    expect(() => relativeLuminance('red')).toThrow();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#3a7bd5', '#3a7bd5')).toBe(1);
  });

  it('does not depend on the order', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(
      contrastRatio('#ffffff', '#777777'),
      10,
    );
  });

  it('matches known WCAG values', () => {
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('onColor', () => {
  it('picks white on dark colours and black on light ones', () => {
    expect(onColor('#1e63d6')).toBe('#ffffff');
    expect(onColor('#000000')).toBe('#ffffff');
    expect(onColor('#ffd166')).toBe('#000000');
    expect(onColor('#ffffff')).toBe('#000000');
  });

  it('always reaches AA contrast', () => {
    for (let v = 0; v <= 255; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(onColor(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('mixColors', () => {
  it('returns either colour at the ends and blends the channels between', () => {
    expect(mixColors('#ff0000', '#0000ff', 1)).toBe('#ff0000');
    expect(mixColors('#ff0000', '#0000ff', 0)).toBe('#0000ff');
    expect(mixColors('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mixColors('#c62828', '#f3f4f6', 0.35)).toBe('#e3adae');
  });
});
