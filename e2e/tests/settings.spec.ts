import { AVATAR_PNG, expect, test as base, type TestUser } from '../fixtures';
import { siteOrigin } from '../support/env';
import { simulatedClient } from '../support/users';

/** Every settings test starts signed in as a fresh, confirmed account. */
const test = base.extend<{ account: TestUser }>({
  account: [
    async ({ page, newUser, login }, use) => {
      const user = await newUser({ confirmed: true });
      await login(page, user);
      await use(user);
    },
    { auto: true },
  ],
});

test.describe('settings', () => {
  test('/settings opens the profile tab, and a new display name shows on the profile', async ({
    page,
    account,
  }) => {
    const { username } = account;
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings/profile');
    await expect(page.getByLabel('Username')).toHaveValue(username);
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();

    await page.getByLabel('Display name').fill('Mira Stone');
    await save.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`/${username}`);
    await expect(page.getByRole('heading', { name: 'Mira Stone', level: 1 })).toBeVisible();
    await expect(page.getByText(`@${username}`)).toBeVisible();

    // The same after a full load, from the server.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mira Stone', level: 1 })).toBeVisible();
  });

  test('uploading a profile picture', async ({ page }) => {
    await page.goto('/settings/image');
    const upload = page.getByRole('button', { name: 'Upload image' });
    await expect(upload).toBeDisabled();

    await page.getByLabel('Choose image').setInputFiles(AVATAR_PNG);
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await expect(page.getByText('avatar.png')).toBeVisible();
    await upload.click();
    await expect(page.getByText('Image uploaded successfully')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);

    // The current picture (and the header's) now load the stored file.
    const avatars = page.locator('img[src^="/media/avatars/"]');
    await expect(avatars.first()).toBeVisible();
    await expect
      .poll(() =>
        avatars.evaluateAll((imgs) =>
          imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    expect(await avatars.count()).toBeGreaterThanOrEqual(2);
  });

  test('changing the password', async ({ page, request, account, apiSession }) => {
    await page.goto('/settings/account');
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

    const current = page.getByLabel('Current password');
    const password = page.getByLabel('New password', { exact: true });
    const confirmation = page.getByLabel('Confirm new password');
    const update = page.getByRole('button', { name: 'Update password' });

    // A wrong current password is refused under its field.
    await current.fill('not-my-password');
    await password.fill('brand-new-secret');
    await confirmation.fill('brand-new-secret');
    await update.click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }),
    ).toBeVisible();

    await current.fill(account.password);
    await update.click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(current).toHaveValue('');

    // This browser stays signed in; the new password works and the old one does not.
    await page.reload();
    await expect(page.getByText(account.email)).toBeVisible();
    await apiSession({ email: account.email, password: 'brand-new-secret' });
    const old = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
      headers: { Origin: siteOrigin(), ...simulatedClient() },
    });
    expect(old.status()).toBe(401);
  });

  test('explicit cover art preferences are saved', async ({ page }) => {
    await page.goto('/settings/content');
    const nudity = page.getByRole('checkbox', { name: 'Nudity' });
    const gore = page.getByRole('checkbox', { name: 'Blood and gore' });
    const save = page.getByRole('button', { name: 'Save preferences' });
    await expect(nudity).not.toBeChecked();
    await expect(save).toBeDisabled();

    await nudity.check();
    await gore.check();
    await save.click();
    await expect(page.getByText('Preferences saved')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(nudity).toBeChecked();
    await expect(gore).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Explicit sexual content' })).not.toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Explicit hateful content' }),
    ).not.toBeChecked();
  });
});
