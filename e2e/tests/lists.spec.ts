import { ReleaseListKind } from '@earmark/common';
import type { CreateListReply } from '@earmark/common';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import { expectStatus } from '../support/users';

test.describe('lists', () => {
  test('a published list shows on its page and among new lists, and another user likes it', async ({
    page,
    newUser,
    login,
    apiSession,
    catalogue,
  }) => {
    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const picked = releases.slice(0, 2);
    expect(picked).toHaveLength(2);

    const owner = await newUser({ confirmed: true });
    const { request } = await apiSession(owner);
    const title = `Rainy Sunday ${owner.username}`;
    const created = await request.post('/api/lists', {
      data: { title, description: 'Slow **ones**.', ranked: true },
    });
    await expectStatus(created, 201, 'POST /api/lists');
    const { id } = ((await created.json()) as CreateListReply).createList;
    for (const release of picked) {
      const added = await request.post(`/api/lists/${id}/items`, {
        data: { releaseId: release.id },
      });
      await expectStatus(added, 201, `adding ${release.title}`);
    }
    await expectStatus(await request.patch(`/api/lists/${id}/publish`), 200, 'publishing');

    const reader = await newUser({ confirmed: true });
    await login(page, reader);
    await page.goto(`/list/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: owner.username })).toHaveAttribute(
      'href',
      `/${owner.username}`,
    );
    await expect(page.locator('strong', { hasText: 'ones' })).toBeVisible();
    const items = page.getByRole('list', { name: `Releases in ${title}` }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(picked[0]!.title);

    const like = page.getByRole('button', { name: 'Like 0' });
    await like.click();
    await expect(page.getByRole('button', { name: 'Liked 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await axeViolations(axeCheck(page), 'a list page (signed in)')).toEqual([]);

    // The like is kept: a fresh load shows it.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Liked 1' })).toBeVisible();

    await page.goto('/lists');
    await expect(page).toHaveURL('/lists/new');
    const card = page
      .getByRole('list', { name: 'New lists' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(card).toContainText('2 releases · 1 like');
    expect(await axeViolations(axeCheck(page), 'new lists (signed in)')).toEqual([]);
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/list/${id}`);
  });
});
