import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPE_MESSAGE, ReleaseType, type SubmissionCreated } from '@earmark/common';
import { call, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist } from '../../../test/catalogue-factories';
import { contributor } from './test-support';

/**
 * A cover given as `imageUrl` through the submission call: fetched from a
 * host the settings allow, made into the cover sizes; refused from loopback
 * when the settings allow nothing, and refused when it is not an image.
 */
describe('contributions: covers from imageUrl', () => {
  let server: http.Server;
  let base: string;
  let allowed: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      if (req.url === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    [allowed, strict] = await Promise.all([
      buildTestApp({ env: { IMAGE_URL_ALLOW_HOSTS: '127.0.0.1' } }),
      buildTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([allowed?.close(), strict?.close()]);
    await new Promise((resolve) => server?.close(resolve));
  });

  async function release(t: TestApp, imageUrl: string) {
    const who: Member = await contributor(t);
    const artist = await createArtist(t.db);
    return call(t, who, 'POST', '/submissions/releases', {
      title: 'Cover by address',
      artistsIds: [artist.id],
      type: ReleaseType.LP,
      imageUrl,
      note: 'Cover from the label site',
    });
  }

  it('makes the cover sizes from an allowed address', async () => {
    const created = await ok<SubmissionCreated>(release(allowed, `${base}/cover.png`), 201);
    const cover = created.changes.cover as Record<string, string> | null;
    expect(cover).toEqual({
      sm: expect.stringMatching(/^\/media\/covers\/.+\.webp$/),
      md: expect.stringMatching(/\.webp$/),
      lg: expect.stringMatching(/\.webp$/),
      og: expect.stringMatching(/\.jpg$/),
    });
    const page = await allowed.app.inject({ method: 'GET', url: cover!.md });
    expect(page.statusCode).toBe(200);
  });

  it('refuses a loopback address the settings do not allow, and what is not an image', async () => {
    const refused = await release(strict, `${base}/cover.png`);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().message)).toMatch(/public address/);
    const metadata = await release(strict, 'http://169.254.169.254/latest/meta-data');
    expect(metadata.statusCode).toBe(400);

    const text = await release(allowed, `${base}/notes.txt`);
    expect(text.statusCode).toBe(400);
    expect(JSON.stringify(text.json().message)).toContain(IMAGE_TYPE_MESSAGE);
  });
});
