import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@earmark/common';
import {
  assertNoSecrets,
  buildTestApp,
  createUser,
  login,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/helpers';

/** A multipart/form-data body with one file, as a browser sends it. */
function form(data: Buffer, filename = 'avatar.png', type = 'image/png', field = 'image') {
  const boundary = `----earmark${Date.now()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = (background: string, width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('users: avatar upload', () => {
  let t: TestApp;
  let avatars: string;
  beforeAll(async () => {
    t = await buildTestApp();
    avatars = path.join(t.config.dataDir, 'media', 'avatars');
  });
  afterAll(async () => t?.close());

  async function signedIn() {
    const { user, password } = await createUser(t.db);
    return { user, cookie: await login(t.app, user.email, password) };
  }

  function upload(userId: string, body: ReturnType<typeof form>, cookie?: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}/update-image`,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': body.contentType,
        ...(cookie ? { cookie } : {}),
      },
      payload: body.payload,
    });
  }

  const fileOf = (url: string) => path.join(avatars, path.basename(url));

  it('stores square WebP avatars under content-hashed names and serves them', async () => {
    const { user, cookie } = await signedIn();
    const res = await upload(user.id, form(await png('#e04050')), cookie);
    expect(res.statusCode).toBe(200);
    assertNoSecrets(res.body);
    const { image } = res.json();
    expect(image.sm).toMatch(/^\/media\/avatars\/[0-9a-f]{16}-sm\.webp$/);
    expect(image.md).toMatch(/^\/media\/avatars\/[0-9a-f]{16}-md\.webp$/);

    for (const [url, size] of [
      [image.sm, 64],
      [image.md, 256],
    ] as const) {
      const meta = await sharp(fileOf(url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(fs.readFileSync(fileOf(url)))).toBe(true);
    }

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json().image).toEqual(image);
  });

  it('removes the old files when a new avatar replaces them', async () => {
    const { user, cookie } = await signedIn();
    const first = (await upload(user.id, form(await png('#112233')), cookie)).json().image;
    const second = (await upload(user.id, form(await png('#445566')), cookie)).json().image;
    expect(second.md).not.toBe(first.md);
    expect(fs.existsSync(fileOf(first.sm))).toBe(false);
    expect(fs.existsSync(fileOf(first.md))).toBe(false);
    expect(fs.existsSync(fileOf(second.sm))).toBe(true);
    expect(fs.existsSync(fileOf(second.md))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first.md })).statusCode).toBe(404);
  });

  it('keeps files another account still shows', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const same = await png('#778899');
    const shared = (await upload(a.user.id, form(same), a.cookie)).json().image;
    expect((await upload(b.user.id, form(same), b.cookie)).json().image).toEqual(shared);

    await upload(a.user.id, form(await png('#998877')), a.cookie);
    expect(fs.existsSync(fileOf(shared.md))).toBe(true);
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const { user, cookie } = await signedIn();
    const res = await upload(user.id, form(Buffer.from('not a picture at all'), 'x.png'), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File must be a JPEG, PNG, WebP, GIF or AVIF image');

    const empty = await upload(
      user.id,
      form(await png('#000000'), 'a.png', 'image/png', 'other'),
      cookie,
    );
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file over 10 MB', async () => {
    const { user, cookie } = await signedIn();
    const res = await upload(user.id, form(Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1)), cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large (max 10 MB)',
    });
  });

  it('changes only the signed-in user’s own avatar', async () => {
    const { user: other } = await createUser(t.db);
    const { cookie } = await signedIn();
    const body = form(await png('#abcdef'));

    const res = await upload(other.id, body, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only change your own account');
    expect((await upload(other.id, body)).statusCode).toBe(401);
  });
});
