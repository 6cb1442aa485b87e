import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@earmark/common';
import { AppError } from './errors';
import {
  IMAGE_DIMENSIONS_MESSAGE,
  inspectImage,
  processImage,
  removeMediaFiles,
  type ImageVariant,
} from './media';

const square: ImageVariant[] = [
  { name: 'sm', width: 64, height: 64, fit: 'cover' },
  { name: 'md', width: 256, height: 256, fit: 'cover' },
];

function picture(width = 300, height = 200, background = '#cc3366') {
  return sharp({ create: { width, height, channels: 4, background } });
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('media', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-media-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)(
    'accepts %s by its content',
    async (f) => {
      const buffer = await picture().toFormat(f).toBuffer();
      expect((await inspectImage(buffer)).format).toBe(f);
    },
  );

  it('stores square WebP crops under content-hashed names', async () => {
    const out = await processImage(await picture().png().toBuffer(), square, dir);
    expect(out.map((o) => [o.name, o.width, o.height, o.format])).toEqual([
      ['sm', 64, 64, 'webp'],
      ['md', 256, 256, 'webp'],
    ]);
    for (const o of out) {
      expect(o.file).toMatch(new RegExp(`^[0-9a-f]{16}-${o.name}\\.webp$`));
      const meta = await sharp(path.join(dir, o.file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', o.width, o.height]);
    }
    // The same picture again maps to the same files; no temporary files remain.
    const again = await processImage(await picture().png().toBuffer(), square, dir);
    expect(again.map((o) => o.file)).toEqual(out.map((o) => o.file));
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('makes JPEG fallbacks and keeps the aspect ratio for `inside`', async () => {
    const [lg, jpg] = await processImage(
      await picture(400, 200).png().toBuffer(),
      [
        { name: 'lg', width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true },
        { name: 'md', width: 100, height: 100, fit: 'inside', format: 'jpeg' },
      ],
      dir,
    );
    expect([lg!.width, lg!.height, lg!.format]).toEqual([400, 200, 'webp']);
    expect([jpg!.width, jpg!.height, jpg!.format]).toEqual([100, 50, 'jpeg']);
    expect(jpg!.file).toMatch(/-md\.jpg$/);
  });

  it('refuses files that are not one of the accepted images', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    const tiff = await picture().tiff().toBuffer();
    const png = await picture(600, 600).png({ compressionLevel: 0 }).toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    for (const bad of [Buffer.from('just some text'), Buffer.alloc(0), svg, tiff, truncated]) {
      const err = await refusal(processImage(bad, square, dir));
      expect([err.statusCode, err.messages]).toEqual([400, IMAGE_TYPE_MESSAGE]);
    }
  });

  it('refuses images over 6000 px a side and files over 10 MB', async () => {
    const wide = await picture(6001, 2).png().toBuffer();
    const err = await refusal(inspectImage(wide));
    expect([err.statusCode, err.messages]).toEqual([400, IMAGE_DIMENSIONS_MESSAGE]);

    const big = await refusal(inspectImage(Buffer.alloc(IMAGE_MAX_BYTES + 1)));
    expect([big.statusCode, big.messages]).toEqual([413, IMAGE_TOO_LARGE_MESSAGE]);
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('File is too large (max 10 MB)');
  });

  it('removes files by name and never outside its folder', async () => {
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-keep.txt`);
    fs.writeFileSync(outside, 'keep');
    fs.writeFileSync(path.join(dir, 'gone.webp'), 'x');
    await removeMediaFiles(dir, ['gone.webp', `../${path.basename(outside)}`, 'missing.webp']);
    expect(fs.existsSync(path.join(dir, 'gone.webp'))).toBe(false);
    expect(fs.existsSync(outside)).toBe(true);
    fs.rmSync(outside);
  });
});
