import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCoverFiles } from '../../../lib/media';
import { COVER_ART_SIZE, coverArtSvg, coverStyleOf, renderCoverArt } from './cover-art';
import { COVER_STYLES } from './cover-styles';
import { loadDemoCatalogue } from './data';
import { demoCoverSeed } from './rows';

describe('generated cover art', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-covers-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('is the same picture, byte for byte, every time', async () => {
    const seed = demoCoverSeed(loadDemoCatalogue().releases[0]!);
    const [a, b] = [await renderCoverArt(seed), await renderCoverArt(seed)];
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', COVER_ART_SIZE, COVER_ART_SIZE]);

    // Stored twice in two data directories: the same names and the same bytes.
    const [first, second] = [tempDir(), tempDir()];
    const x = await makeCoverFiles(a, first, { encoding: 'fast' });
    const y = await makeCoverFiles(b, second, { encoding: 'fast' });
    expect(x).toEqual(y);
    for (const file of Object.values(x)) {
      const dir = (root: string) => path.join(root, 'media', 'covers', file);
      expect(fs.readFileSync(dir(first)).equals(fs.readFileSync(dir(second)))).toBe(true);
    }
  });

  it('draws every release of the demo catalogue differently, in every style', () => {
    const seeds = loadDemoCatalogue().releases.map(demoCoverSeed);
    expect(new Set(seeds.map(coverArtSvg)).size).toBe(seeds.length);
    const used = new Set(seeds.map(coverStyleOf));
    expect([...used].sort()).toEqual(Object.keys(COVER_STYLES).sort());
  });

  it('renders every style to a valid image', async () => {
    const byStyle = new Map<string, string>();
    for (let i = 0; byStyle.size < Object.keys(COVER_STYLES).length && i < 500; i++) {
      const seed = `style probe ${i}`;
      if (!byStyle.has(coverStyleOf(seed))) byStyle.set(coverStyleOf(seed), seed);
    }
    for (const seed of byStyle.values()) {
      const stats = await sharp(await renderCoverArt(seed)).stats();
      // Not a blank canvas: the channels vary across the picture.
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(10);
    }
  });
});
