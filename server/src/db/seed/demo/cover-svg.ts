import type { Scheme } from './cover-palettes';
import type { Random } from './random';

/**
 * Shared pieces of the cover compositions: each style draws on a
 * 1000 × 1000 canvas from its own random stream and the release's colour
 * scheme, so one style still gives many different pictures.
 */
export interface Artwork {
  defs: string;
  body: string;
}

export type CoverStyle = (rng: Random, scheme: Scheme) => Artwork;

export const SIZE = 1000;
/** One decimal keeps the SVG short and identical across runs. */
export const n = (v: number) => String(Math.round(v * 10) / 10);

/** A closed shape whose top edge is a sum of three sine waves (hills, sea). */
export function wavyPath(rng: Random, base: number, amp: number, bottom: number): string {
  const waves = [1, 2, 3].map((k) => ({
    a: amp / k,
    f: (rng.range(0.6, 1.6) * k * Math.PI * 2) / SIZE,
    p: rng.range(0, Math.PI * 2),
  }));
  let d = `M0 ${n(bottom)}`;
  for (let x = 0; x <= SIZE; x += 20) {
    const y = base + waves.reduce((s, w) => s + w.a * Math.sin(w.f * x + w.p), 0);
    d += ` L${x} ${n(y)}`;
  }
  return `${d} L${SIZE} ${n(bottom)} Z`;
}
