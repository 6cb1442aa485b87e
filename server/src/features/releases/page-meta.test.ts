import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplicitCoverArt, ReleaseType } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  addRatings,
  createArtist,
  createGenre,
  createLabel,
  createRelease,
} from '../../../test/catalogue-factories';

describe('catalogue link previews', () => {
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

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const cover = { sm: 'cc-sm.webp', md: 'cc-md.webp', lg: 'cc-lg.webp', og: 'cc-og.jpg' };

  it('fills a release page with its title, artists, type, year, rating and cover', async () => {
    const artists = [
      await createArtist(t.db, { name: 'Simon' }),
      await createArtist(t.db, { name: 'Garfunkel' }),
    ];
    const release = await createRelease(t.db, {
      title: 'Bookends',
      artists,
      type: ReleaseType.LP,
      date: '1968-04-03',
      cover,
    });
    await addRatings(t.db, release, [85, 90]);
    for (const url of [`/release/${release.id}`, `/release/${release.id}/ratings`]) {
      const html = await page(url);
      expect(html).toContain(
        '<meta property="og:title" content="Bookends by Simon &amp; Garfunkel | Earmark" />',
      );
      expect(html).toContain(
        '<meta property="og:description" content="LP by Simon &amp; Garfunkel, 1968. Rated 8.8/10 from 2 ratings." />',
      );
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost:3000/media/covers/cc-og.jpg" />',
      );
    }
  });

  it('keeps an explicit cover out of the preview', async () => {
    const release = await createRelease(t.db, {
      title: 'Covered',
      cover,
      explicitCoverArt: [ExplicitCoverArt.NUDITY],
    });
    const html = await page(`/release/${release.id}`);
    expect(html).toContain('<meta property="og:title" content="Covered by');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3000/og-default.png" />',
    );
  });

  it('fills artist, label and genre pages', async () => {
    const artist = await createArtist(t.db, { name: 'Björk', bio: 'Icelandic singer.' });
    const label = await createLabel(t.db, { name: 'One Little Indian' });
    await createRelease(t.db, { artists: [artist], labels: [label] });
    const parent = await createGenre(t.db, { name: 'Electronic' });
    const genre = await createGenre(t.db, { name: 'Trip Hop', bio: null, parents: [parent] });

    const a = await page(`/artist/${artist.id}`);
    expect(a).toContain('<title>Björk | Earmark</title>');
    expect(a).toContain('<meta property="og:description" content="Icelandic singer." />');
    const l = await page(`/label/${label.id}`);
    expect(l).toContain('<title>One Little Indian | Earmark</title>');
    expect(l).toContain('1 release on Earmark');
    const g = await page(`/genre/${genre.id}`);
    expect(g).toContain('<title>Trip Hop | Earmark</title>');
    expect(g).toContain('New Trip Hop releases');
  });

  it('leaves unknown and hidden entities with the default tags', async () => {
    const hidden = await createRelease(t.db, { title: 'Hidden', pendingDeletion: true });
    for (const url of [
      '/release/nope',
      `/release/${hidden.id}`,
      '/artist/nope',
      '/label/nope',
      '/genre/x',
    ]) {
      expect(await page(url)).toContain('<meta property="og:title" content="Earmark" />');
    }
  });
});
