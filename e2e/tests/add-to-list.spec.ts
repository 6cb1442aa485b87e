import { ReleaseListKind } from '@earmark/common';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';

test.describe('add to list', () => {
  test('a member creates a list from a release page, the release goes into it, and the list page shows it', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const release = releases[0]!;
    const member = await newUser({ confirmed: true });
    await login(page, member);
    await page.goto(`/release/${release.id}`);

    const button = page.getByRole('button', { name: 'Add to list' });
    await button.click();
    const menu = page.getByRole('menu', { name: `Add ${release.title} to a list` });
    await expect(menu.getByRole('menuitem', { name: 'New list' })).toBeVisible();
    await expect(page.getByText('You have no lists yet.')).toBeVisible();
    expect(await axeViolations(axeCheck(page), 'a release page, add-to-list open')).toEqual([]);

    await menu.getByRole('menuitem', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a list' });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(axeCheck(page), 'a release page, Create List open')).toEqual([]);

    // An empty title is refused under the field before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('title must be longer than or equal to 1 characters'),
    ).toBeVisible();

    const title = `Late night ${member.username}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('For the *small* hours.');
    await dialog.getByRole('switch', { name: 'Display Rank' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = menu.getByRole('menuitemcheckbox', { name: new RegExp(`^${title}`) });
    await expect(row).toHaveAttribute('aria-checked', 'true');
    await expect(page).toHaveURL(`/release/${release.id}`);

    // Escape closes the menu and puts focus back on its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.goto(`/${member.username}/lists`);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const items = page.getByRole('list', { name: `Releases in ${title}` }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(release.title);
  });

  test('toggling with the keyboard takes the release out of a list and puts it back', async ({
    page,
    newUser,
    login,
    apiSession,
    catalogue,
  }) => {
    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const release = releases[1]!;
    const member = await newUser({ confirmed: true });
    const { request } = await apiSession(member);
    const created = await request.post('/api/lists', { data: { title: 'Keepers' } });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { createList: { id: string } }).createList;
    expect(
      (await request.post(`/api/lists/${id}/items`, { data: { releaseId: release.id } })).status(),
    ).toBe(201);

    await login(page, member);
    await page.goto(`/release/${release.id}`);
    const button = page.getByRole('button', { name: 'Add to list' });
    await button.focus();
    await page.keyboard.press('Enter');
    const row = page.getByRole('menuitemcheckbox', { name: /^Keepers/ });
    await expect(row).toHaveAttribute('aria-checked', 'true');
    await expect(row).toBeFocused();
    await page.keyboard.press('Space');
    await expect(row).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Enter');
    await expect(row).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    const items = await request.get(`/api/lists/${id}/items`);
    expect(((await items.json()) as { items: { release: { id: string } }[] }).items).toEqual([
      expect.objectContaining({ release: expect.objectContaining({ id: release.id }) }),
    ]);
  });
});
