import type { Page } from '@playwright/test';
import { CUSTOM_PRESET, getPreset, type ThemePreset } from '@earmark/common';
import { expect, test } from '../fixtures';

function preset(id: string): ThemePreset {
  const found = getPreset(id);
  if (!found) throw new Error(`No theme preset ${id}`);
  return found;
}

/** '#0b1020' → 'rgb(11, 16, 32)', as computed styles report colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Clicks the preset's card, as a person would (its radio button is only for keyboards and screen readers). */
async function pickPreset(page: Page, theme: ThemePreset): Promise<void> {
  await page.getByText(theme.name, { exact: true }).click();
  await expect(page.getByRole('radio', { name: theme.name })).toBeChecked();
}

const storedPreset = (page: Page) => page.evaluate(() => localStorage.getItem('themePreset'));

/** The page really paints the colour, not only the variable holding it. */
async function expectBackground(page: Page, hex: string): Promise<void> {
  await expect(page.locator('html')).toHaveCSS('--color-background', hex);
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(hex));
}

const blue5 = preset('blue-5');

test.describe('theme', () => {
  test('a preset applies at once and is remembered after a reload', async ({ page }) => {
    await page.goto('/theme');
    await expect(page.getByRole('heading', { name: 'Theme', level: 1 })).toBeVisible();

    await pickPreset(page, blue5);
    await expectBackground(page, blue5.colors.background);
    await expect(page.getByText(`Current: ${blue5.name}`)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('radio', { name: blue5.name })).toBeChecked();
    await expectBackground(page, blue5.colors.background);
    expect(await storedPreset(page)).toBe(blue5.id);
  });

  test('editing a colour makes the theme custom', async ({ page }) => {
    await page.goto('/theme');
    await pickPreset(page, blue5);
    await expectBackground(page, blue5.colors.background);

    await page.getByLabel('Background', { exact: true }).fill('#202a44');
    await expectBackground(page, '#202a44');
    await expect(page.getByText('Current: Custom')).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    expect(await storedPreset(page)).toBe(CUSTOM_PRESET);

    await page.reload();
    await expectBackground(page, '#202a44');
    await expect(page.getByText('Current: Custom')).toBeVisible();
  });

  test('a signed-in user saves the theme to the account', async ({ page, newUser, login }) => {
    const user = await newUser({ confirmed: true });
    await login(page, user);
    await page.goto('/theme');
    await pickPreset(page, blue5);
    await expectBackground(page, blue5.colors.background);

    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/update-theme') && res.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save to account' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Theme saved to your account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved to account' })).toBeDisabled();

    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(200);
    expect((await me.json()) as unknown).toMatchObject({
      theme: { preset: blue5.id, colors: blue5.colors },
    });
  });

  test("a browser without a theme of its own takes the account's", async ({
    page,
    newUser,
    login,
    apiSession,
  }) => {
    const user = await newUser({ confirmed: true });
    const green = preset('green-2');
    // Saved from another device.
    await (await apiSession(user)).updateTheme({ preset: green.id, colors: green.colors });

    // Each test's page starts with empty storage: a browser that never chose a theme.
    await login(page, user);
    await page.goto('/');
    await expectBackground(page, green.colors.background);
    expect(await storedPreset(page)).toBe(green.id);
  });
});
