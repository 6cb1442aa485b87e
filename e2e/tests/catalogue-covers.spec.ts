import type { Page } from '@playwright/test';
import {
  ReleaseListKind,
  explicitCoverArtLabels,
  explicitCoverArtValues,
  type ExplicitCoverArt,
  type Release,
} from '@earmark/common';
import { expect, test, type CatalogueApi } from '../fixtures';
import { coverName } from '../support/catalogue';

/**
 * A demo release whose cover carries content warnings, preferring one with
 * several, so a viewer who allows only some of them still sees the placeholder.
 */
async function explicitRelease(catalogue: CatalogueApi): Promise<Release> {
  const all = await catalogue.allReleases(ReleaseListKind.RecentlyAdded);
  const explicit = all.filter((release) => release.explicitCoverArt.length > 0 && release.cover);
  explicit.sort((a, b) => b.explicitCoverArt.length - a.explicitCoverArt.length);
  const [chosen] = explicit;
  if (!chosen) throw new Error('The demo catalogue has no release with an explicit cover.');
  return catalogue.release(chosen.id);
}

async function expectPlaceholder(page: Page, release: Release): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);
  await expect(
    page.getByRole('img', { name: coverName(release, true), exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Explicit cover', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: coverName(release, false), exact: true })).toHaveCount(
    0,
  );
}

/**
 * From the release page, opens the settings through the profile menu, ticks
 * exactly `kinds` on the Content tab, saves, and goes back to the release.
 * All of it happens inside the app (no reload), as a reader would do it.
 */
async function allowOnly(
  page: Page,
  kinds: readonly ExplicitCoverArt[],
  releaseUrl: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await expect(page).toHaveURL('/settings/content');
  for (const kind of explicitCoverArtValues) {
    await page
      .getByRole('checkbox', { name: explicitCoverArtLabels[kind] })
      .setChecked(kinds.includes(kind));
  }
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();

  // /settings may have redirected to its first tab, so count the steps back.
  for (let step = 0; step < 3 && new URL(page.url()).pathname !== releaseUrl; step += 1) {
    await page.goBack();
  }
  await expect(page).toHaveURL(releaseUrl);
}

test.describe('explicit covers', () => {
  test('hidden from visitors, shown once the viewer allows every category it carries', async ({
    page,
    catalogue,
    newUser,
    login,
  }) => {
    // The release page four times and the settings twice, signed out and in.
    test.setTimeout(60_000);
    const release = await explicitRelease(catalogue);
    const categories = release.explicitCoverArt;
    const releaseUrl = `/release/${release.id}`;

    // Signed out: nothing is allowed.
    await page.goto(releaseUrl);
    await expectPlaceholder(page, release);

    const user = await newUser({ confirmed: true });
    await login(page, user);
    await page.goto(releaseUrl);
    await expectPlaceholder(page, release);

    // Allowing only some of its categories is not enough.
    if (categories.length > 1) {
      await allowOnly(page, categories.slice(0, 1), releaseUrl);
      await expectPlaceholder(page, release);
    }

    // Exactly its categories: the cover shows at once, without a reload
    // (a mark on the document survives only as long as the document does).
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes';
    });
    await allowOnly(page, categories, releaseUrl);
    await expect(page.locator('html')).toHaveAttribute('data-same-document', 'yes');
    const cover = page.getByRole('img', { name: coverName(release, false), exact: true });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('src', release.cover?.lg ?? '');
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByText('Explicit cover', { exact: true })).toHaveCount(0);

    // And after a full load, from the saved preferences.
    await page.reload();
    await expect(cover).toBeVisible();
  });
});
