import type { Browser, Page } from '@playwright/test';
import { ReleaseListKind } from '@earmark/common';
import { expect, test, type TestUser } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import { liveConnection } from '../support/live';
import { serverBaseURL } from '../support/env';
import { expectStatus, simulatedClient } from '../support/users';

/** A browser of its own for one more person, closed when the test ends. */
async function openBrowserPage(browser: Browser, opened: Page[]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: serverBaseURL(),
    extraHTTPHeaders: simulatedClient(),
  });
  const page = await context.newPage();
  opened.push(page);
  return page;
}

const shownName = (user: TestUser) => user.username;
const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test.describe('comments and live notifications', () => {
  const opened: Page[] = [];
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.context().close()));
  });

  test('a follow, a comment and a mention reach people live, and the comment shows on an open page', async ({
    page,
    browser,
    newUser,
    login,
    apiSession,
    catalogue,
  }) => {
    // Three people and a visitor in browsers of their own, each waiting for the
    // others' live events: about 50 s alone on two cores, more while another
    // test runs beside it or a retry records its trace.
    test.setTimeout(120_000);
    const [a, b, c] = await Promise.all([
      newUser({ confirmed: true }),
      newUser({ confirmed: true }),
      newUser({ confirmed: true }),
    ]);

    // A is on the home page; B follows A: A's bell counts it without a reload.
    await login(page, a);
    const aLive = liveConnection(page);
    await page.goto('/');
    await aLive;
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const bSession = await apiSession(b);
    await expectStatus(
      await bSession.request.post(`/api/users/${a.id}/following`),
      200,
      'B follows A',
    );
    await expect(bell(page)).toHaveAccessibleName('Notifications (1)');
    await expect(page.getByRole('status').filter({ hasText: shownName(b) })).toContainText(
      'following you',
    );

    // B reviews a release.
    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const release = releases[0]!;
    const reviewed = await bSession.request.post('/api/entries', {
      data: { releaseId: release.id, review: 'Patient and warm, it grows on you.' },
    });
    await expectStatus(reviewed, 201, 'B reviews a release');
    const reviewId = ((await reviewed.json()) as { id: string }).id;

    // B and C are on the site; a visitor has the review open.
    const bPage = await openBrowserPage(browser, opened);
    await login(bPage, b);
    const bLive = liveConnection(bPage);
    await bPage.goto('/');
    await bLive;
    await expect(bell(bPage)).toBeVisible();
    const cPage = await openBrowserPage(browser, opened);
    await login(cPage, c);
    const cLive = liveConnection(cPage);
    await cPage.goto('/');
    await cLive;
    await expect(bell(cPage)).toBeVisible();
    const reader = await openBrowserPage(browser, opened);
    const readerLive = liveConnection(reader);
    await reader.goto(`/review/${reviewId}`);
    await readerLive;
    const readerThread = reader.getByRole('region', { name: 'Comments' });
    await expect(readerThread.getByRole('link', { name: 'Log in to comment' })).toBeVisible();

    // A comments on B's review, mentioning C.
    await page.goto(`/review/${reviewId}`);
    const thread = page.getByRole('region', { name: 'Comments' });
    const body = `Agreed, @${c.username}, the second side especially.`;
    await thread.getByRole('textbox', { name: 'Add to comments' }).fill(body);
    await thread.getByRole('button', { name: 'Post' }).click();
    const mine = thread.getByRole('article', { name: `Comment by ${shownName(a)}` });

    // A sees the comment; B (the review's author) and C (mentioned) are told at
    // once; the visitor's open page shows it without a reload. All four pages
    // are watched together, before anything slower: a snackbar goes after a
    // few seconds.
    await Promise.all([
      expect(mine).toContainText('the second side especially'),
      expect(bell(bPage)).toHaveAccessibleName('Notifications (1)'),
      expect(bPage.getByRole('status').filter({ hasText: shownName(a) })).toContainText('review'),
      expect(bell(cPage)).toHaveAccessibleName('Notifications (1)'),
      expect(cPage.getByRole('status').filter({ hasText: shownName(a) })).toContainText(
        'mentioned you',
      ),
      expect(
        readerThread.getByRole('article', { name: `Comment by ${shownName(a)}` }),
      ).toContainText('the second side especially'),
    ]);
    await expect(mine.getByRole('link', { name: `@${c.username}` })).toHaveAttribute(
      'href',
      `/${c.username}`,
    );
    expect(await axeViolations(axeCheck(page), 'a review with a comment (signed in)')).toEqual([]);

    // C opens the drawer, follows the notification to the review, and the count is cleared.
    await bell(cPage).click();
    const drawer = cPage.getByRole('dialog', { name: 'Notifications' });
    const item = drawer.getByRole('listitem').filter({ hasText: 'mentioned you' });
    await expect(item).toBeVisible();
    expect(await axeViolations(axeCheck(cPage), 'the notifications drawer')).toEqual([]);
    await item.getByRole('link', { name: /mentioned you/ }).click();
    await expect(cPage).toHaveURL(`/review/${reviewId}`);
    await expect(bell(cPage)).toHaveAccessibleName('Notifications');
  });
});
