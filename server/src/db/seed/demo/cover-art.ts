import sharp from 'sharp';
import { pickScheme } from './cover-palettes';
import { COVER_STYLES } from './cover-styles';
import { createRandom } from './random';

/**
 * Generated cover art for the demo catalogue: an abstract picture per release,
 * fully determined by its title and artists, so every install shows the same
 * covers and no image is ever downloaded. The picture carries no text.
 */

/** Pixel size of the rendered master; the largest stored variant (og) is 1200 px. */
export const COVER_ART_SIZE = 1200;

const STYLE_NAMES = Object.keys(COVER_STYLES);

/** The seed of a release's cover: its title and ordered artist names. */
export function coverSeedText(title: string, artists: readonly string[]): string {
  return `${title}\u0000${artists.join('\u0001')}`;
}

/** The style a seed draws with (exported so tests can show every style is used). */
export function coverStyleOf(seedText: string): string {
  return createRandom(`${seedText}#style`).pick(STYLE_NAMES);
}

/** The cover as SVG on a 1000-unit canvas, rendered at COVER_ART_SIZE pixels. */
export function coverArtSvg(seedText: string): string {
  const style = COVER_STYLES[coverStyleOf(seedText)]!;
  const rng = createRandom(`${seedText}#art`);
  const scheme = pickScheme(rng);
  const art = style(rng, scheme);
  // Light falls off towards the edges on some covers, as on printed sleeves.
  const vignette = rng.chance(0.5)
    ? `<rect width="1000" height="1000" fill="url(#vignette)"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_ART_SIZE}" height="${COVER_ART_SIZE}" viewBox="0 0 1000 1000">` +
    `<defs>${art.defs}<radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>` +
    `<rect width="1000" height="1000" fill="${scheme.bg}"/>${art.body}${vignette}</svg>`
  );
}

const GRAIN_SIZE = 256;
let grainTile: Buffer | undefined;

/**
 * A tile of film grain: grey noise around mid-grey, blended with soft-light so
 * it adds texture without shifting colours. Made from a fixed seed (sharp's own
 * noise generator is not repeatable).
 */
function grain(): Buffer {
  if (grainTile) return grainTile;
  const rng = createRandom('earmark-cover-grain');
  const pixels = Buffer.alloc(GRAIN_SIZE * GRAIN_SIZE * 4);
  for (let i = 0; i < GRAIN_SIZE * GRAIN_SIZE; i++) {
    const v = Math.max(0, Math.min(255, Math.round(128 + rng.normal() * 14)));
    pixels[i * 4] = v;
    pixels[i * 4 + 1] = v;
    pixels[i * 4 + 2] = v;
    pixels[i * 4 + 3] = 255;
  }
  grainTile = pixels;
  return pixels;
}

/** Styles built on soft gradients, where grain hides banding and reads as print texture. */
const GRAINY_STYLES = new Set(['aurora', 'sunset']);

/** Renders a release's cover as a PNG of COVER_ART_SIZE × COVER_ART_SIZE pixels. */
export async function renderCoverArt(seedText: string): Promise<Buffer> {
  let image = sharp(Buffer.from(coverArtSvg(seedText)));
  // Flat styles stay flat: noise would add little at card size and multiply file sizes.
  if (GRAINY_STYLES.has(coverStyleOf(seedText))) {
    image = image.composite([
      {
        input: grain(),
        raw: { width: GRAIN_SIZE, height: GRAIN_SIZE, channels: 4 },
        tile: true,
        blend: 'soft-light',
      },
    ]);
  }
  return image.removeAlpha().png({ compressionLevel: 1 }).toBuffer();
}
