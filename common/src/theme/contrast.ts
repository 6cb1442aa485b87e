/**
 * Colour contrast after WCAG 2.x, used to keep every theme readable and to
 * pick a label colour for buttons filled with a theme's primary colour.
 */

const HEX_COLOR = /^#?([0-9a-fA-F]{6})$/;

function channels(hex: string): [number, number, number] {
  const match = HEX_COLOR.exec(hex);
  if (!match?.[1]) throw new Error(`Not a 6-digit hex colour: ${hex}`);
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** sRGB channel (0-255) to linear light, per the WCAG definition. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a '#rrggbb' colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of two colours, from 1 (none) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever reads better on the given colour: the label
 * colour of a button filled with it. Either one always reaches at least 4.58:1.
 */
export function onColor(hex: string): '#000000' | '#ffffff' {
  return contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff') ? '#000000' : '#ffffff';
}

/**
 * `top` laid over the opaque `bottom` at `weight` (0-1), as the browser
 * paints CSS `color-mix(in srgb, top w%, bottom)`, or a layer of
 * `color-mix(in srgb, top w%, transparent)` over `bottom`.
 */
export function mixColors(top: string, bottom: string, weight: number): string {
  const a = channels(top);
  const b = channels(bottom);
  const w = Math.min(1, Math.max(0, weight));
  const hex = a.map((channel, i) =>
    Math.round(channel * w + (b[i] ?? 0) * (1 - w))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${hex.join('')}`;
}
