import type { Random } from './random';

/**
 * Colour palettes for generated covers: five colours each, chosen to sit well
 * together, from muted earth tones to saturated neon, dark and light.
 */
export const PALETTES: readonly (readonly string[])[] = [
  ['#0b1d3a', '#f2545b', '#f3c677', '#4aa3a2', '#f5efe6'],
  ['#f4f1de', '#e07a5f', '#3d405b', '#81b29a', '#f2cc8f'],
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#000000', '#14213d', '#fca311', '#e5e5e5', '#ffffff'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#ffbe0b', '#fb5607', '#ff006e', '#8338ec', '#3a86ff'],
  ['#0d1b2a', '#1b263b', '#415a77', '#778da9', '#e0e1dd'],
  ['#606c38', '#283618', '#fefae0', '#dda15e', '#bc6c25'],
  ['#03071e', '#370617', '#9d0208', '#e85d04', '#faa307'],
  ['#f72585', '#7209b7', '#3a0ca3', '#4361ee', '#4cc9f0'],
  ['#10002b', '#3c096c', '#7b2cbf', '#c77dff', '#e0aaff'],
  ['#ffcdb2', '#ffb4a2', '#e5989b', '#b5838d', '#6d6875'],
  ['#011627', '#fdfffc', '#2ec4b6', '#e71d36', '#ff9f1c'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#141414', '#2e2e2e', '#e9d8a6', '#ee9b00', '#ca6702'],
  ['#001219', '#005f73', '#0a9396', '#94d2bd', '#e9d8a6'],
  ['#d8e2dc', '#ffe5d9', '#ffcad4', '#f4acb7', '#9d8189'],
  ['#3c1642', '#086375', '#1dd3b0', '#affc41', '#b2ff9e'],
  ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
  ['#1b1b1e', '#373f51', '#58a4b0', '#a9bcd0', '#d8dbe2'],
  ['#2d00f7', '#6a00f4', '#a100f2', '#db00b6', '#f20089'],
  ['#fff1e6', '#ddbea9', '#a5a58d', '#6b705c', '#3f4238'],
  ['#0a0908', '#22333b', '#eae0d5', '#c6ac8f', '#5e503f'],
  ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c'],
  ['#2f1b25', '#5b2a3c', '#c44536', '#f1b24a', '#f9e0ae'],
  ['#12355b', '#420039', '#d72638', '#ff570a', '#f6f7eb'],
  ['#d9ed92', '#99d98c', '#52b69a', '#168aad', '#1e6091'],
  ['#e63946', '#f1faee', '#fcbf49', '#2a9d8f', '#1a1a2e'],
  ['#faf3dd', '#c8d5b9', '#8fc0a9', '#68b0ab', '#4a7c59'],
  ['#231942', '#5e548e', '#9f86c0', '#be95c4', '#e0b1cb'],
  ['#0f4c5c', '#e36414', '#fb8b24', '#9a031e', '#5f0f40'],
  ['#f94144', '#f3722c', '#f9c74f', '#90be6d', '#277da1'],
  ['#050505', '#1f1f1f', '#f5f5f5', '#ff3b30', '#8e8e93'],
];

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Linear blend of two colours: t = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

/** Relative luminance (0 dark - 1 light), enough to order colours. */
export function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** HSL-style saturation (0 grey - 1 vivid). */
export function saturation(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
}

/** A colour along a ramp through several stops, t in [0, 1]. */
export function ramp(stops: readonly string[], t: number): string {
  if (stops.length === 1) return stops[0]!;
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  return mix(stops[i]!, stops[i + 1]!, x - i);
}

export interface Scheme {
  /** Background colour. */
  bg: string;
  /** The other colours, in a shuffled order. */
  inks: string[];
  /** Every colour, darkest first. */
  byLightness: string[];
}

/** Picks a palette and which of its colours becomes the ground. */
export function pickScheme(rng: Random): Scheme {
  const palette = rng.pick(PALETTES);
  const byLightness = [...palette].sort((a, b) => luminance(a) - luminance(b));
  // Dark and light grounds look best; a mid-tone ground now and then adds variety.
  const roll = rng.next();
  const bg =
    roll < 0.45
      ? byLightness[0]!
      : roll < 0.8
        ? byLightness[byLightness.length - 1]!
        : rng.pick(palette);
  const inks = rng.shuffle(palette.filter((c) => c !== bg));
  return { bg, inks, byLightness };
}

/** Picks an ink unlike the one given (for neighbouring shapes). */
export function otherInk(rng: Random, inks: readonly string[], not: string): string {
  const choices = inks.filter((c) => c !== not);
  return choices.length > 0 ? rng.pick(choices) : inks[0]!;
}

/** The inks that stand out most against the ground, most contrasting first. */
export function contrasting(scheme: Scheme): string[] {
  const ground = luminance(scheme.bg);
  return [...scheme.inks].sort(
    (a, b) => Math.abs(luminance(b) - ground) - Math.abs(luminance(a) - ground),
  );
}
