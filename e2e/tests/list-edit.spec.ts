import { ReleaseListKind } from '@earmark/common';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import { serverBaseURL } from '../support/env';

test.describe('list editor', () => {
  test('a list made from a release page gets three releases, an order, a note, is published, liked and found', async ({
    page,
    browser,
    newUser,
    login,
    catalogue,
  }) => {
    // A long journey through several pages and two browsers.
    test.setTimeout(60_000);
    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const picked = releases.slice(0, 3);
    expect(picked).toHaveLength(3);
    const [first, second, third] = picked.map((release) => release.title);

    // From the first release's page, through the Create List dialog.
    const owner = await newUser({ confirmed: true });
    await login(page, owner);
    await page.goto(`/release/${picked[0]!.id}`);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await page.getByRole('menuitem', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a list' });
    const title = `To reorder ${owner.username}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('menuitemcheckbox', { name: new RegExp(`^${title}`) });
    await expect(row).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // The other two through the editor's release picker.
    await page.goto(`/${owner.username}/lists`);
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/list\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(`/list/${id}/edit`);
    const items = page.getByRole('list', { name: 'Releases in this list, in order' });
    const titles = () => items.getByRole('listitem').locator('p a');
    await expect(titles()).toHaveText([first!]);
    const search = page.getByRole('searchbox', { name: 'Add releases' });
    for (const release of picked.slice(1)) {
      await search.fill(release.title);
      const found = page.getByRole('list', { name: 'Releases found' });
      await found
        .getByRole('button', { name: `Add ${release.title}`, exact: true })
        .first()
        .click();
      await expect(titles().last()).toHaveText(release.title);
    }
    await expect(titles()).toHaveText([first!, second!, third!]);

    // Space picks the first release up, two arrows carry it down (each move heard
    // before the next key, as the sensor measures the places after each), Space drops it.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().endsWith(`/api/lists/${id}/items`),
    );
    await page.getByRole('button', { name: `Move ${first}, position 1 of 3`, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up ${first}, at position 1 of 3.`)).toBeAttached();
    // The sensor measures the places in an effect after the pick-up is announced; an arrow
    // pressed before that frame is dropped.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${first} is over position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${first} is over position 3 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(204);
    await expect(page.getByText(`Moved ${first} to position 3 of 3.`)).toBeAttached();
    await expect(titles()).toHaveText([second!, third!, first!]);

    const note = page.getByRole('textbox', { name: `Note on ${second}`, exact: true });
    const noteSaved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && /\/items\/[^/]+$/.test(response.url()),
    );
    await note.fill('Start *here*.');
    await note.press('Tab');
    expect((await noteSaved).status()).toBe(204);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published: everyone can see this list.')).toBeVisible();
    expect(await axeViolations(axeCheck(page), 'the list editor')).toEqual([]);

    // What was saved is what the list page shows.
    await page.goto(`/list/${id}`);
    const shown = page.getByRole('list', { name: `Releases in ${title}` }).getByRole('listitem');
    await expect(shown).toHaveCount(3);
    await expect(shown.first()).toContainText(second!);
    await expect(shown.first().locator('em', { hasText: 'here' })).toBeVisible();
    await expect(shown.last()).toContainText(first!);
    await expect(page.getByText('Draft', { exact: true })).toHaveCount(0);

    // Another member likes it, and finds it among new lists and on a release's lists tab.
    const readerContext = await browser.newContext({ baseURL: serverBaseURL() });
    try {
      const reader = await readerContext.newPage();
      await login(reader, await newUser({ confirmed: true }));
      await reader.goto(`/list/${id}`);
      await reader.getByRole('button', { name: 'Like 0' }).click();
      await expect(reader.getByRole('button', { name: 'Liked 1' })).toBeVisible();
      await reader.goto('/lists/new');
      await expect(
        reader.getByRole('list', { name: 'New lists' }).getByRole('link', { name: title }),
      ).toBeVisible();
      await reader.goto(`/release/${picked[2]!.id}/lists`);
      const card = reader.getByRole('listitem').filter({ hasText: title });
      await expect(card).toContainText('3 releases · 1 like');
    } finally {
      await readerContext.close();
    }
  });
});
