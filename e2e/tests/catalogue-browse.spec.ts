import { ReleaseListKind, ReleaseType } from '@earmark/common';
import { expect, test } from '../fixtures';
import {
  displayDate,
  escapeRegExp,
  scrollUntilVisible,
  todayUtc,
  trackFooter,
} from '../support/catalogue';

/** Discography group headings of the types a top list may hold. */
const DISCOGRAPHY_GROUPS: Partial<Record<ReleaseType, string>> = {
  [ReleaseType.LP]: 'LPs',
  [ReleaseType.EP]: 'EPs',
  [ReleaseType.Mixtape]: 'Mixtapes',
  [ReleaseType.Live]: 'Live albums',
  [ReleaseType.Compilation]: 'Compilations',
};

test.describe('browsing the catalogue', () => {
  test('home → top releases → a release → its artist and its label', async ({
    page,
    catalogue,
  }) => {
    // Five pages in a row: more than one page's worth of time on a busy machine.
    test.setTimeout(60_000);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Releases', exact: true }).click();
    await expect(page).toHaveURL('/releases/new');

    await page
      .getByRole('navigation', { name: 'Release lists' })
      .getByRole('link', { name: 'Top', exact: true })
      .click();
    await expect(page).toHaveURL('/releases/top');
    const top = page.getByRole('list', { name: 'Top releases' });
    const first = top.getByRole('listitem').first();
    await expect(first).toHaveAttribute('aria-posinset', '1');

    // The best-rated release comes first, as the API ranks it.
    const [best] = (await catalogue.releases(ReleaseListKind.Top)).releases;
    if (!best) throw new Error('The top list is empty.');
    const titleLink = first.getByRole('heading', { level: 3 }).getByRole('link');
    await expect(titleLink).toHaveText(best.title);
    await titleLink.click();

    await expect(page).toHaveURL(`/release/${best.id}`);
    const release = await catalogue.release(best.id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);

    const tracks = page.getByRole('region', { name: 'Tracks' });
    await expect(tracks.getByRole('listitem')).toHaveCount(release.tracks.length);
    const [firstTrack] = [...release.tracks].sort((a, b) => a.order - b.order);
    await expect(tracks.getByRole('listitem').first()).toContainText(firstTrack?.title ?? '');
    const footer = trackFooter(release.tracks);
    expect(footer, 'every track of the top release has a duration').not.toBeNull();
    await expect(tracks.getByText(footer ?? '', { exact: true })).toBeVisible();

    // Its artist, whose discography lists it under its type.
    const [artist] = release.artists;
    const [label] = release.labels;
    if (!artist || !label) throw new Error(`${release.title} needs an artist and a label.`);
    await page.getByRole('link', { name: artist.name, exact: true }).first().click();
    await expect(page).toHaveURL(`/artist/${artist.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
    const group = DISCOGRAPHY_GROUPS[release.type];
    if (!group) throw new Error(`A top release of type ${release.type}`);
    await expect(
      page
        .getByRole('list', { name: group, exact: true })
        .getByRole('link', { name: release.title, exact: true }),
    ).toBeVisible();

    // Back on the release page, its label, which lists its releases.
    await page.goBack();
    await expect(page).toHaveURL(`/release/${release.id}`);
    // Among the release's facts (an artist may share the label's name).
    await page.getByRole('definition').getByRole('link', { name: label.name, exact: true }).click();
    await expect(page).toHaveURL(`/label/${label.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label.name);
    const { releasesCount } = await catalogue.label(label.id);
    await expect(
      page.getByText(`${releasesCount} ${releasesCount === 1 ? 'release' : 'releases'}`),
    ).toBeVisible();
    const onLabel = page.getByRole('list', { name: `Releases on ${label.name}` });
    await expect(onLabel.getByRole('listitem').first()).toHaveAttribute(
      'aria-setsize',
      String(releasesCount),
    );
    await scrollUntilVisible(page, onLabel.getByRole('link', { name: release.title, exact: true }));
  });

  test('the upcoming list shows future releases, soonest first, with their dates', async ({
    page,
    catalogue,
  }) => {
    const upcoming = await catalogue.allReleases(ReleaseListKind.Upcoming);
    expect(upcoming.length, 'the demo catalogue has future releases').toBeGreaterThan(0);
    const today = todayUtc();
    for (const release of upcoming) expect(release.date ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(upcoming.every((release) => (release.date ?? '') > today)).toBe(true);

    // From the home page's Upcoming section to the full list.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Upcoming', level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL('/releases/upcoming');

    const list = page.getByRole('list', { name: 'Upcoming releases' });
    const cards = list.getByRole('listitem');
    await expect(cards.first()).toHaveAttribute('aria-setsize', String(upcoming.length));
    for (const [index, release] of upcoming.slice(0, 12).entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute('aria-posinset', String(index + 1));
      await expect(card.getByRole('link', { name: release.title, exact: true })).toBeVisible();
      await expect(card).toContainText(displayDate(release.date ?? '', release.datePrecision));
    }
  });

  test('a genre from a release page: name, Edit and History, and its new releases', async ({
    page,
    catalogue,
  }) => {
    const [best] = (await catalogue.releases(ReleaseListKind.Top)).releases;
    if (!best) throw new Error('The top list is empty.');
    const release = await catalogue.release(best.id);
    const [genre] = release.genres;
    if (!genre) throw new Error(`${release.title} has no genres.`);

    await page.goto(`/release/${release.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);
    // The link reads the genre's name and its score on this release.
    await page
      .getByRole('link', {
        name: new RegExp(`^${escapeRegExp(genre.name)}\\s*,\\s*score ${genre.score}$`),
      })
      .click();
    await expect(page).toHaveURL(`/genre/${genre.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(genre.name);

    await page.getByRole('button', { name: `${genre.name} options` }).click();
    const menu = page.getByRole('menu', { name: `${genre.name} options` });
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/contributions/genres/${genre.id}`,
    );
    await expect(menu.getByRole('menuitem', { name: 'History' })).toHaveAttribute(
      'href',
      `/history/genre/${genre.id}`,
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await expect(page.getByRole('heading', { name: 'New releases', level: 2 })).toBeVisible();
    const newest = await catalogue.releases(ReleaseListKind.New, 1, { genreId: genre.id });
    const [newestRelease] = newest.releases;
    if (!newestRelease) throw new Error(`${genre.name} has no released releases.`);
    const grid = page.getByRole('list', { name: `New ${genre.name} releases` });
    await expect(grid.getByRole('listitem').first()).toHaveAttribute(
      'aria-setsize',
      String(newest.totalItems),
    );
    await expect(
      grid.getByRole('listitem').first().getByRole('link', { name: newestRelease.title }),
    ).toBeVisible();
  });
});
