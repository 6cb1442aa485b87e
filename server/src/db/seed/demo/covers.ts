import type { CoverFiles } from '../../schema/catalogue';
import { makeCoverFiles } from '../../../lib/media';
import { renderCoverArt } from './cover-art';

/**
 * Renders and stores the covers of many releases, a few at a time: sharp
 * already uses several threads per image, so two at once keeps the machine
 * busy without piling up 1200-pixel images in memory.
 */
export async function generateCovers(
  seeds: readonly string[],
  dataDir: string,
  concurrency = 2,
): Promise<CoverFiles[]> {
  const out: CoverFiles[] = new Array<CoverFiles>(seeds.length);
  let next = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const i = next++;
      out[i] = await makeCoverFiles(await renderCoverArt(seeds[i]!), dataDir, { encoding: 'fast' });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, seeds.length) }, worker));
  return out;
}
