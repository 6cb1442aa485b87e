import { ReleaseListKind, formatRating } from '@earmark/common';
import { expect, test } from '../fixtures';
import { escapeRegExp } from '../support/catalogue';
import {
  averageMovedBy,
  entriesApi,
  entrySaved,
  ratingField,
  ratingSlider,
  ratingsCountText,
  releaseForSlot,
  releaseRatingSummary,
} from '../support/entries';

/** Stored ratings are 0-100; 8.5 on the page is 85. */
const TYPED = { text: '8.5', stored: 85 } as const;

test.describe('rating a release', () => {
  test('a typed 8.5 shows on the release page and its card, and moves the average', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    // Rating, then the artist page and the card's popup.
    test.setTimeout(60_000);
    const summary = await releaseForSlot(
      catalogue,
      0,
      (release) => release.artists.length > 0 && averageMovedBy(TYPED.stored)(release),
      'rated release whose average an 8.5 moves',
    );
    const before = (await catalogue.release(summary.id)).stats;
    if (before.ratingsAvg === null) throw new Error(`${summary.title} has no average.`);

    const user = await newUser({ confirmed: true });
    await login(page, user, { via: 'ui' });
    await page.goto(`/release/${summary.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(summary.title);
    const shownAverage = releaseRatingSummary(page);
    await expect(shownAverage).toContainText(`Average rating ${formatRating(before.ratingsAvg)}`);
    await expect(shownAverage).toContainText(ratingsCountText(before.ratingsCount));

    const field = ratingField(page);
    await expect(field).toHaveValue('');
    const saved = entrySaved(page);
    await field.fill(TYPED.text);
    await field.press('Enter');
    expect((await saved).status()).toBe(201);
    await expect(field).toHaveValue(TYPED.text);
    await expect(ratingSlider(page)).toHaveAttribute('aria-valuetext', TYPED.text);

    // The release's counters moved in the same change, and the page shows them.
    const after = (await catalogue.release(summary.id)).stats;
    expect(after.ratingsCount).toBe(before.ratingsCount + 1);
    const expectedAvg =
      (before.ratingsAvg * before.ratingsCount + TYPED.stored) / (before.ratingsCount + 1);
    expect(after.ratingsAvg).toBeCloseTo(expectedAvg, 3);
    await expect(shownAverage).toContainText(`Average rating ${formatRating(expectedAvg)}`);
    await expect(shownAverage).toContainText(ratingsCountText(before.ratingsCount + 1));
    const mine = await entriesApi(page.request).myEntry(summary.id);
    expect(mine?.rating?.rating).toBe(TYPED.stored);

    // The card in the artist's discography shows the viewer's rating instead of the average.
    const [artist] = summary.artists;
    if (!artist) throw new Error(`${summary.title} has no artist.`);
    await page.goto(`/artist/${artist.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
    const card = page.getByRole('article', { name: summary.title, exact: true }).first();
    await expect(card).toContainText(`Your rating ${TYPED.text}`);
    await expect(card).not.toContainText('Average rating');
    const entryButton = card.getByRole('button', {
      name: `${TYPED.text} is your rating for ${summary.title}`,
    });
    await expect(entryButton).toBeVisible();

    // Its popup holds the same rating.
    await entryButton.click();
    const popup = page.getByRole('dialog', { name: summary.title });
    await expect(ratingField(popup)).toHaveValue(TYPED.text);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(entryButton).toBeFocused();
  });

  test('the slider moves by keyboard: three steps right add 0.3, and it is saved', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const release = await releaseForSlot(catalogue, 1, () => true, 'release');
    const user = await newUser({ confirmed: true });
    await login(page, user);
    const mine = entriesApi(page.request);

    await page.goto(`/release/${release.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);
    const field = ratingField(page);
    const slider = ratingSlider(page);
    await expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');

    // A starting rating, typed: 7.
    await field.fill('7');
    await field.press('Enter');
    await expect(field).toHaveValue('7.0');
    await expect.poll(async () => (await mine.myEntry(release.id))?.rating?.rating).toBe(70);

    await slider.focus();
    await expect(slider).toBeFocused();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '7.3');
    await expect(slider).toHaveValue('73');
    await expect(field).toHaveValue('7.3');
    await expect.poll(async () => (await mine.myEntry(release.id))?.rating?.rating).toBe(73);

    await page.reload();
    await expect(ratingField(page)).toHaveValue('7.3');
    await expect(ratingSlider(page)).toHaveAttribute('aria-valuetext', '7.3');
  });

  test('the options menu stays where it is while the entry loads under it', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const release = await releaseForSlot(catalogue, 1, () => true, 'release');
    const user = await newUser({ confirmed: true });
    await login(page, user);
    // The reader's entry answers late, as on a slow connection.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api/entries/release/${release.id}/me`, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(`/release/${release.id}`);
    const options = page.getByRole('button', { name: `${release.title} options` });
    await expect(page.getByRole('status', { name: 'Loading your entry' })).toBeVisible();
    const before = await options.boundingBox();
    answer();
    await expect(ratingField(page)).toBeVisible();
    expect(await options.boundingBox()).toEqual(before);

    await options.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  });

  test('a favourite track voted twice is no longer voted', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const summary = await releaseForSlot(
      catalogue,
      2,
      (release) => release.stats.ratingsCount > 0,
      'rated release',
    );
    const release = await catalogue.release(summary.id);
    const [track] = [...release.tracks].sort((a, b) => a.order - b.order);
    if (!track) throw new Error(`${release.title} has no tracks.`);
    const user = await newUser({ confirmed: true });
    await login(page, user);

    await page.goto(`/release/${release.id}`);
    const tracks = page.getByRole('region', { name: 'Tracks' });
    // Its name starts with the count it shows: '12 favourite: Title'.
    const favourite = tracks.getByRole('button', {
      name: new RegExp(`^\\d+ favourite: ${escapeRegExp(track.title)}$`),
    });
    const count = (n: number) => `${n} favourite: ${track.title}`;
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await expect(favourite).toHaveText(count(track.upvotes));

    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await expect(favourite).toHaveText(count(track.upvotes + 1));
    // Votes are ignored while the previous one is being saved.
    await expect(favourite).not.toHaveAttribute('aria-disabled', 'true');

    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await expect(favourite).toHaveText(count(track.upvotes));
    await expect(favourite).not.toHaveAttribute('aria-disabled', 'true');

    // The server agrees: no vote of the viewer's, the track's count as before.
    const entry = await entriesApi(page.request).myEntry(release.id);
    expect(entry?.trackVotes ?? []).toEqual([]);
    const reloaded = await catalogue.release(release.id);
    expect(reloaded.tracks.find((t) => t.id === track.id)?.upvotes).toBe(track.upvotes);
    await page.reload();
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await expect(favourite).toHaveText(count(track.upvotes));
  });

  test('a release that is not out yet offers no rating or track votes', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const [upcoming] = (await catalogue.releases(ReleaseListKind.Upcoming)).releases;
    if (!upcoming) throw new Error('The demo catalogue has no upcoming release.');
    const user = await newUser({ confirmed: true });
    await login(page, user);

    await page.goto(`/release/${upcoming.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(upcoming.title);
    await expect(page.getByText(/This release is not out yet/)).toBeVisible();
    // The note stands where the rating would be; the rest of the entry stays.
    await expect(ratingField(page)).toHaveCount(0);
    await expect(ratingSlider(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeVisible();
    await expect(page.getByRole('button', { name: /favourite: / })).toHaveCount(0);

    // The card's popup in the upcoming list says the same.
    await page.goto('/releases/upcoming');
    const card = page.getByRole('article', { name: upcoming.title, exact: true }).first();
    await card.getByRole('button', { name: `Rate ${upcoming.title}` }).click();
    const popup = page.getByRole('dialog', { name: upcoming.title });
    await expect(popup.getByText(/This release is not out yet/)).toBeVisible();
    await expect(ratingField(popup)).toHaveCount(0);
    await expect(popup.getByRole('list', { name: 'Track votes' })).toHaveCount(0);
  });
});
