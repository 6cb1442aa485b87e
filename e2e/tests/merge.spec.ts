import { ReleaseType } from '@earmark/common';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import { expectStatus } from '../support/users';

test.describe('merge', () => {
  test('an admin merges one artist into another with the keyboard, and the source leads to the target', async ({
    page,
    admin,
    apiSession,
    login,
  }) => {
    test.setTimeout(90_000);
    const violations: string[] = [];
    const audit = async (what: string) => {
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      violations.push(...(await axeViolations(axeCheck(page), what)));
    };

    // The same artist entered twice, one of them credited on a release.
    const adminApi = await apiSession(admin);
    const stamp = Date.now().toString(36);
    const createArtist = async (name: string) => {
      const res = await adminApi.request.post('/api/submissions/artists', {
        data: { name, note: 'Entered twice' },
      });
      await expectStatus(res, 201, `adding ${name}`);
      return ((await res.json()) as { artistId: string }).artistId;
    };
    const sourceName = `Velvet Marsh ${stamp}`;
    const targetName = `The Velvet Marsh ${stamp}`;
    const sourceId = await createArtist(sourceName);
    const targetId = await createArtist(targetName);
    const releaseTitle = `Fen Lights ${stamp}`;
    const release = await adminApi.request.post('/api/submissions/releases', {
      data: { title: releaseTitle, type: ReleaseType.LP, artistsIds: [sourceId], note: 'Sleeve' },
    });
    await expectStatus(release, 201, 'adding the release');

    await login(page, admin);
    await page.goto('/contributions/releases/open');
    await page
      .getByRole('navigation', { name: 'Contribution kinds' })
      .getByRole('link', { name: 'Merge' })
      .click();
    await expect(page).toHaveURL(/\/contributions\/merge$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Merge' })).toBeVisible();

    // Artists are chosen by default; each side is found by name and chosen with the keyboard.
    await expect(page.getByLabel('What to merge')).toHaveValue('artist');
    const pick = async (legend: string, name: string) => {
      const group = page.getByRole('group', { name: legend });
      await group.getByLabel('Find artists').focus();
      await page.keyboard.type(name);
      const choose = group.getByRole('button', { name: `Choose ${name}`, exact: true });
      await expect(choose).toBeVisible();
      await choose.focus();
      await page.keyboard.press('Enter');
      await expect(group.getByRole('button', { name: `Change ${name}` })).toBeFocused();
    };
    await pick('Merge this artist (source)', sourceName);
    await pick('Into this artist (target)', targetName);

    const moves = page.getByRole('region', { name: 'What moves' });
    await expect(moves).toContainText('Releases credited: 1');
    await audit('Merge, preview');

    await moves.getByRole('button', { name: 'Merge…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Merge ${sourceName} into ${targetName}?` });
    await expect(dialog).toBeVisible();
    await audit('Merge, confirmation');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    const done = page.getByRole('status').filter({ hasText: `Merged ${sourceName} into` });
    await expect(done).toBeVisible();
    await audit('Merge, done');
    await done.getByRole('link', { name: targetName }).click();
    await expect(page).toHaveURL(new RegExp(`/artist/${targetId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(targetName);
    await expect(page.getByRole('link', { name: releaseTitle })).toBeVisible();

    // The source's address leads to the target.
    await page.goto(`/artist/${sourceId}`);
    await expect(page).toHaveURL(new RegExp(`/artist/${targetId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(targetName);

    expect(violations).toEqual([]);
  });
});
