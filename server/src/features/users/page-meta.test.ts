import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@earmark/common';
import { buildTestApp, createUser, uniqueName, type TestApp } from '../../../test/helpers';

describe('users: profile link previews', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--meta-start--><title>Earmark</title><!--meta-end--></head><body></body></html>',
    );
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('fills the title, description and avatar of a profile page', async () => {
    const { user } = await createUser(t.db, {
      name: 'Grace <Hopper>',
      imageSm: 'abcdef0123456789-sm.webp',
      imageMd: 'abcdef0123456789-md.webp',
    });
    // Profile URLs match usernames case-insensitively.
    const res = await page(`/${user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<meta property="og:title" content="Grace &lt;Hopper&gt; | Earmark" />',
    );
    expect(res.body).toContain(
      `<meta property="og:description" content="${user.username} on Earmark" />`,
    );
    expect(res.body).toContain(
      '<meta property="og:image" content="http://localhost:3000/media/avatars/abcdef0123456789-md.webp" />',
    );
  });

  it('uses the username when there is no display name', async () => {
    const { user } = await createUser(t.db);
    const res = await page(`/${user.username}`);
    expect(res.body).toContain(`<title>${user.username} | Earmark</title>`);
  });

  it('leaves other pages, unknown and banned users with the default tags', async () => {
    const { user: banned } = await createUser(t.db, { accountStatus: AccountStatus.BANNED });
    for (const url of ['/settings', `/${uniqueName('ghost')}`, `/${banned.username}`]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta property="og:title" content="Earmark" />');
    }
  });
});
