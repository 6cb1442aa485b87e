import { expect, test } from '../fixtures';

test.describe('profiles', () => {
  test("another member's profile shows their name, username and picture", async ({
    page,
    newUser,
    login,
    apiSession,
  }) => {
    const member = await newUser({ confirmed: true });
    const session = await apiSession(member);
    await session.updateProfile({ username: member.username, name: 'Ada Lovelace' });
    const { image } = await session.uploadAvatar();
    if (!image) throw new Error('The upload did not set an image');

    const viewer = await newUser({ confirmed: true });
    await login(page, viewer);
    await page.goto(`/${member.username}`);

    await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
    await expect(page).toHaveTitle('Ada Lovelace | Earmark');
    const picture = page.getByRole('main').locator(`img[src="${image.md}"]`);
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // Someone else's profile offers no way into its settings.
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
    await expect(page.getByText("Ada Lovelace hasn't logged any releases yet.")).toBeVisible();
  });

  test('a signed-out visitor sees a profile without a picture by its initial', async ({
    page,
    newUser,
  }) => {
    const member = await newUser({ confirmed: true });
    // Usernames are matched regardless of case.
    await page.goto(`/${member.username.toUpperCase()}`);

    await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
    const initial = member.username.charAt(0).toUpperCase();
    await expect(page.getByRole('main').getByText(initial, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  });

  test('your own profile links to its settings', async ({ page, newUser, login }) => {
    const me = await newUser({ confirmed: true });
    await login(page, me);
    await page.goto(`/${me.username}`);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL('/settings/profile');
  });

  test('an unknown username shows the not-found page', async ({ page }) => {
    await page.goto('/nobody-has-this-name-42');
    await expect(page.getByText('404: Not found')).toBeVisible();
  });
});
