import { expect, test } from '../fixtures';

test.describe('app shell', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByText('404: Not found')).toBeVisible();
  });

  test('a login-required page asks a signed-out visitor to log in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByText('Please login or sign up to access this page.')).toBeVisible();
  });

  test('the side menu opens and closes with the keyboard', async ({ page }) => {
    await page.goto('/');
    const rules = page.getByRole('link', { name: 'Rules', exact: true });
    await expect(rules).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Rules', exact: true })).toBeVisible();

    // A modal dialog: Tab and Shift+Tab never reach the page behind (focus may
    // pass through the browser's own controls, 'none' here, on its way round).
    await expect(drawer.locator(':focus')).toHaveCount(1);
    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'none';
        return active.closest('dialog') ? 'drawer' : `page: ${active.outerHTML.slice(0, 80)}`;
      });
    const seen: string[] = [];
    for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      seen.push(await where());
    }
    expect(seen.filter((place) => place.startsWith('page'))).toEqual([]);
    expect(seen.at(-1)).toBe('drawer');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(rules).toBeHidden();
  });
});
