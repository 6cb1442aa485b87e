import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '@earmark/common';
import { makeCoverFiles, mediaDir } from '../../lib/media';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';

describe('releases: covers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('makes the four square sizes and serves them with immutable caching', async () => {
    const image = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#3355aa' },
    })
      .png()
      .toBuffer();
    const cover = await makeCoverFiles(image, t.config.dataDir);
    const dir = mediaDir(t.config.dataDir, 'covers');
    const sizes = await Promise.all(
      (['sm', 'md', 'lg', 'og'] as const).map(async (k) => {
        const meta = await sharp(fs.readFileSync(path.join(dir, cover[k]))).metadata();
        return [k, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['sm', 'webp', 250, 250],
      ['md', 'webp', 500, 500],
      ['lg', 'webp', 1000, 1000],
      ['og', 'jpeg', 1200, 1200],
    ]);
    // Names are content hashes: the same picture again gives the same files.
    expect(await makeCoverFiles(image, t.config.dataDir)).toEqual(cover);

    const release = await createRelease(t.db, { cover });
    const body = (
      await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` })
    ).json<Release>();
    expect(body.cover!.md).toBe(`/media/covers/${cover.md}`);

    const res = await t.app.inject({ method: 'GET', url: body.cover!.md });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, cover.md)))).toBe(true);
  });
});
