import { PRODUCT_NAME, ReleaseListKind } from '@earmark/common';
import { MAIL_LINKS, expect, test } from '../fixtures';
import {
  entriesApi,
  entrySaved,
  ratingField,
  ratingSlider,
  releaseForSlot,
} from '../support/entries';

/** What new members ran into on their first visits, on a desktop and on a phone. */

const SUFFIX = ` | ${PRODUCT_NAME}`;

test.describe('first use', () => {
  test("an unrated release's slider shows no value until the first key, which saves 5.0", async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const release = await releaseForSlot(catalogue, 5, () => true, 'release');
    const user = await newUser({ confirmed: true });
    await login(page, user);
    await page.goto(`/release/${release.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);

    const slider = ratingSlider(page);
    await expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');
    await expect(ratingField(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Remove rating' })).toHaveCount(0);

    const saved = entrySaved(page);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '5.0');
    await expect(ratingField(page)).toHaveValue('5.0');
    expect((await saved).status()).toBe(201);
    expect((await entriesApi(page.request).myEntry(release.id))?.rating?.rating).toBe(50);

    // The next key moves on from there, and the rating is there after a reload.
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '5.1');
    await expect
      .poll(async () => (await entriesApi(page.request).myEntry(release.id))?.rating?.rating)
      .toBe(51);
    await page.reload();
    await expect(ratingField(page)).toHaveValue('5.1');
    await expect(page.getByRole('button', { name: 'Remove rating' })).toBeVisible();
  });

  test('following says Following, offers Unfollow on hover and keyboard focus, and is announced', async ({
    page,
    newUser,
    login,
  }) => {
    const member = await newUser({ confirmed: true });
    const viewer = await newUser({ confirmed: true });
    await login(page, viewer);
    await page.goto(`/${member.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Follow', exact: true }).click();
    const following = main.getByRole('button', { name: 'Following', exact: true });
    // Still under the pointer, but it shows the new state until the pointer leaves.
    await expect(following).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: 'You follow' })).toHaveText(
      `You follow ${member.username}`,
    );

    await page.mouse.move(0, 0);
    await expect(following).toBeVisible();
    await following.hover();
    const unfollow = main.getByRole('button', { name: 'Unfollow', exact: true });
    await expect(unfollow).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(following).toBeVisible();

    // From the keyboard: away and back again.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(unfollow).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(following).toBeVisible();

    // Still followed after a reload; unfollowing says so.
    await page.reload();
    await expect(following).toBeVisible();
    await following.hover();
    await unfollow.click();
    await expect(main.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: 'follow' })).toHaveText(
      `You no longer follow ${member.username}`,
    );
  });

  test('a confirmation link opened twice says the email is already confirmed', async ({
    page,
    newUser,
    readMail,
  }) => {
    const user = await newUser();
    const link = await readMail(user.email, MAIL_LINKS.confirm);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email confirmed successfully' })).toBeVisible();
    await expect(page).toHaveTitle(`Confirm email${SUFFIX}`);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email is already confirmed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveTitle(`Confirm email${SUFFIX}`);
  });

  test('every page names the product once in its title; the login gate has a heading', async ({
    page,
    catalogue,
  }) => {
    // Eleven pages, each loaded in full: more than the default allows on a busy machine.
    test.setTimeout(60_000);
    const [release] = (await catalogue.releases(ReleaseListKind.Top)).releases;
    if (!release) throw new Error('The top list is empty.');
    const paths = [
      '/',
      '/releases/top-oty',
      '/reviews/new',
      `/release/${release.id}`,
      '/theme',
      '/rules',
      '/login',
      '/account/password/reset',
      '/account/confirm/not-a-real-token',
      '/no-such-page-at-all',
      '/settings',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main, [role="main"], h1').first()).toBeVisible();
      await expect
        .poll(() => page.title(), { message: path })
        .toMatch(new RegExp(`^(?:(?!${PRODUCT_NAME}$).+ \\| )?${PRODUCT_NAME}$`));
      expect(await page.title(), path).not.toContain(`${SUFFIX}${SUFFIX}`);
    }
    // The last one is a login-required page seen signed out.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Please login or sign up to access this page.' }),
    ).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the active release list tab is scrolled into view and Top of the year has releases', async ({
    page,
  }) => {
    await page.goto('/releases/top-oty');
    const tabs = page.getByRole('navigation', { name: 'Release lists' });
    const active = tabs.getByRole('link', { name: 'Top of the year' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect(active).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('article').first()).toBeVisible();

    // Going back to the first tab brings it back into view too.
    await tabs.getByRole('link', { name: 'New' }).click();
    await expect(tabs.getByRole('link', { name: 'New' })).toBeInViewport({ ratio: 1 });
  });
});
