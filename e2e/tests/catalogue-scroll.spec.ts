import type { Response } from '@playwright/test';
import { RELEASES_PAGE_SIZE, ReleaseListKind, type PagedReleases } from '@earmark/common';
import { expect, test } from '../fixtures';

/**
 * Which page `url` asks for of the recently added list: 'first' without a
 * cursor, else the cursor (the nextCursor of the page before); null for other URLs.
 */
function listPage(url: string): string | null {
  const { pathname, searchParams } = new URL(url);
  if (pathname !== '/api/releases') return null;
  if (searchParams.get('type') !== ReleaseListKind.RecentlyAdded) return null;
  return searchParams.get('cursor') ?? 'first';
}

const isListPage = (res: Response, page: string) => listPage(res.url()) === page;

test.describe('release grids', () => {
  test('scrolling to the end of a list loads its next page of 48', async ({ page, catalogue }) => {
    // Scrolling a grid of images is slow when the machine is busy.
    test.setTimeout(60_000);
    const { totalItems, totalPages } = await catalogue.releases(ReleaseListKind.RecentlyAdded);
    expect(totalPages, 'the demo catalogue fills more than one page').toBeGreaterThan(1);

    const requestedPages: string[] = [];
    page.on('request', (request) => {
      const number = listPage(request.url());
      if (number !== null) requestedPages.push(number);
    });
    const firstPage = page.waitForResponse((res) => isListPage(res, 'first'));
    await page.goto('/releases/recently-added');
    const first = (await (await firstPage).json()) as PagedReleases;
    expect(first.releases).toHaveLength(RELEASES_PAGE_SIZE);

    const list = page.getByRole('list', { name: 'Recently added' });
    const cards = list.getByRole('listitem');
    await expect(cards.first()).toHaveAttribute('aria-setsize', String(totalItems));
    // Only the first page so far: the end of the list is out of sight.
    const lastOfFirst = first.releases.at(-1);
    await expect(list.locator(`[aria-posinset="${RELEASES_PAGE_SIZE + 1}"]`)).toHaveCount(0);
    expect(requestedPages).toEqual(['first']);
    expect(first.nextCursor).toBeTruthy();

    // Scroll down (as a reader does, a wheel turn at a time) until the grid asks for
    // more, by the cursor the first page gave.
    const secondPage = page.waitForResponse((res) => isListPage(res, first.nextCursor!));
    await expect(async () => {
      await page.mouse.wheel(0, 1500);
      expect(requestedPages).toContain(first.nextCursor);
    }).toPass({ timeout: 20_000 });
    const second = (await (await secondPage).json()) as PagedReleases;
    expect(second.currentPage).toBe(2);
    expect(second.releases).toHaveLength(RELEASES_PAGE_SIZE);
    expect(second.releases.map((r) => r.id)).not.toContain(lastOfFirst?.id);

    // The 49th card, the first of the new page, appears right after the 48th.
    const [firstOfSecond] = second.releases;
    const card49 = list.locator(`[aria-posinset="${RELEASES_PAGE_SIZE + 1}"]`);
    await expect(card49).toBeVisible();
    await expect(
      card49.getByRole('link', { name: firstOfSecond?.title ?? '', exact: true }),
    ).toBeVisible();
    await expect(
      list
        .locator(`[aria-posinset="${RELEASES_PAGE_SIZE}"]`)
        .getByRole('link', { name: lastOfFirst?.title ?? '', exact: true }),
    ).toBeVisible();
    expect(requestedPages.filter((p) => p === 'first')).toHaveLength(1);
  });
});
