import type { APIRequestContext } from '@playwright/test';
import { ReleaseListKind } from '@earmark/common';
import { expect, test } from '../fixtures';
import { documentTitle, metaContent } from '../support/catalogue';
import { expectStatus } from '../support/users';

/**
 * What a link preview crawler sees: the HTML the server sends for a page,
 * read without running any JavaScript.
 */
async function previewOf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { Accept: 'text/html' } });
  await expectStatus(res, 200, `GET ${path}`);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  return {
    title: documentTitle(html),
    ogTitle: metaContent(html, 'og:title'),
    ogImage: metaContent(html, 'og:image'),
    ogUrl: metaContent(html, 'og:url'),
    description: metaContent(html, 'og:description'),
  };
}

/** An og:image must be an absolute URL that serves an image. */
async function expectImage(request: APIRequestContext, url: string | null): Promise<void> {
  expect(url).toMatch(/^https?:\/\//);
  const res = await request.get(url ?? '');
  await expectStatus(res, 200, `GET ${url}`);
  expect(res.headers()['content-type']).toMatch(/^image\//);
}

/** Scripts of the demo catalogue's non-Latin titles. */
const NON_LATIN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}]/u;

test.describe('link previews (no JavaScript)', () => {
  test('a release page carries its title and cover', async ({ request, catalogue }) => {
    const [best] = (await catalogue.releases(ReleaseListKind.Top)).releases;
    if (!best) throw new Error('The top list is empty.');
    expect(best.explicitCoverArt).toEqual([]);

    const preview = await previewOf(request, `/release/${best.id}`);
    expect(preview.ogTitle).toContain(best.title);
    expect(preview.title).toContain(best.title);
    expect(new URL(preview.ogUrl ?? '').pathname).toBe(`/release/${best.id}`);
    expect(preview.description).toBeTruthy();
    // The cover's link preview size, as an absolute URL.
    expect(best.cover).not.toBeNull();
    expect(new URL(preview.ogImage ?? '').pathname).toBe(best.cover?.og);
    await expectImage(request, preview.ogImage);
  });

  test('a non-Latin title comes through intact', async ({ request, catalogue }) => {
    const release = await catalogue.findRelease(
      ReleaseListKind.RecentlyAdded,
      (r) => r.titleLatin !== null && NON_LATIN.test(r.title),
      'release with a non-Latin title',
    );
    const preview = await previewOf(request, `/release/${release.id}`);
    expect(preview.ogTitle).toContain(release.title);
  });

  test('a release with an explicit cover keeps it out of the preview', async ({
    request,
    catalogue,
  }) => {
    const release = await catalogue.findRelease(
      ReleaseListKind.RecentlyAdded,
      (r) => r.explicitCoverArt.length > 0 && r.cover !== null,
      'release with an explicit cover',
    );
    const preview = await previewOf(request, `/release/${release.id}`);
    expect(preview.ogTitle).toContain(release.title);
    for (const size of Object.values(release.cover ?? {})) {
      expect(preview.ogImage).not.toContain(size);
    }
    await expectImage(request, preview.ogImage);
  });

  test('artist, label and genre pages carry their names', async ({ request, catalogue }) => {
    const [best] = (await catalogue.releases(ReleaseListKind.Top)).releases;
    if (!best) throw new Error('The top list is empty.');
    const release = await catalogue.release(best.id);
    const [artist] = release.artists;
    const [label] = release.labels;
    const [genre] = release.genres;
    if (!artist || !label || !genre)
      throw new Error(`${release.title} lacks an artist, label or genre.`);

    for (const [path, name] of [
      [`/artist/${artist.id}`, artist.name],
      [`/label/${label.id}`, label.name],
      [`/genre/${genre.id}`, genre.name],
    ] as const) {
      const preview = await previewOf(request, path);
      expect(preview.ogTitle, path).toContain(name);
      expect(preview.title, path).toContain(name);
      await expectImage(request, preview.ogImage);
    }
  });
});
