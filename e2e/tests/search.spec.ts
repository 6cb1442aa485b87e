import { ReleaseListKind } from '@earmark/common';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';

// Colour transitions would let axe read a colour half-way between two themes.
test.use({ reducedMotion: 'reduce' });

/** The first word of a title long enough to find it by, cut short like a half-typed query. */
function partOf(title: string): string {
  const word = title.split(/\s+/).find((w) => /^[\p{L}\p{N}]{4,}$/u.test(w)) ?? title;
  return word.slice(0, Math.max(4, Math.min(word.length, 6)));
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });

/** Types into the header box and waits for the dropdown's release results. */
async function openDropdown(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('listbox', { name: 'Releases' });
  await expect(list.getByRole('option').first()).toBeVisible();
  return list;
}

test.describe('search', () => {
  test('the header box finds a release, opens it with the keyboard, and opens the search page on Enter', async ({
    page,
    catalogue,
  }) => {
    const { releases } = await catalogue.releases(ReleaseListKind.Popular);
    const wanted = releases.find((release) =>
      release.title.split(/\s+/).some((w) => /^[\p{L}\p{N}]{4,}$/u.test(w)),
    );
    if (!wanted) throw new Error('The demo catalogue has no release to search for.');
    const text = partOf(wanted.title);

    await page.goto('/');
    const list = await openDropdown(page, text);
    const options = list.getByRole('option');
    const titles = await options.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('span')?.textContent ?? ''),
    );
    const index = titles.indexOf(wanted.title);
    const target = index >= 0 ? index : 0;
    const targetTitle = titles[target]!;
    for (let i = 0; i <= target; i += 1) await searchBox(page).press('ArrowDown');
    await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/release\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(targetTitle);
    await expect(searchBox(page)).toHaveValue('');

    await searchBox(page).fill(text);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(text)}`);
    await expect(page.getByRole('region', { name: /Releases/ })).toBeVisible();
    await expect(page.getByRole('link', { name: `See all releases for “${text}”` })).toBeVisible();
  });

  test('a mistyped word still finds the release it was meant for', async ({ page }) => {
    await page.goto('/');
    // 'Homogenic' with two letters swapped, and 'Björk' typed without its accent and swapped too.
    const list = await openDropdown(page, 'bjrok homoegnic');
    await expect(list.getByRole('option').first()).toContainText('Homogenic');
    await expect(list.getByRole('option').first()).toContainText('Björk');
  });

  test('the search page and the open dropdown pass axe, signed out and signed in', async ({
    page,
    catalogue,
    newUser,
    login,
  }) => {
    test.setTimeout(90_000);
    const { releases } = await catalogue.releases(ReleaseListKind.Popular);
    const text = partOf(releases[0]!.title);
    const violations: string[] = [];

    async function audit(who: string) {
      await page.goto(`/search?q=${encodeURIComponent(text)}`);
      await expect(page.getByRole('region', { name: /Releases/ })).toBeVisible();
      violations.push(...(await axeViolations(axeCheck(page), `/search?q= (${who})`)));
      await openDropdown(page, text);
      await searchBox(page).press('ArrowDown');
      violations.push(...(await axeViolations(axeCheck(page), `the open dropdown (${who})`)));
    }

    await audit('signed out');
    await login(page, await newUser({ confirmed: true }));
    await audit('signed in');
    await page.setViewportSize({ width: 390, height: 844 });
    await audit('signed in, 390px wide');
    expect(violations).toEqual([]);
  });
});
