import type { Locator, Page } from '@playwright/test';
import { formatRating, type PagedNotifications } from '@earmark/common';
import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import {
  averageMovedBy,
  entriesApi,
  ratingsCountText,
  releaseForSlot,
  releaseRatingSummary,
} from '../support/entries';
import { expectStatus } from '../support/users';

/** The member's rating: 1.0, far enough from any demo average to move it. */
const RATING = 10;

/** The admin pages, each with its heading. */
const ADMIN_PAGES = [
  { path: '/contributions/reports', heading: 'Reports' },
  { path: '/contributions/audit', heading: 'Audit log' },
  { path: '/contributions/pending-deletions', heading: 'Pending deletions' },
] as const;

const reviewName = (author: string, title: string) => `${author}'s review of ${title}`;

/** The admin tools of the profile on screen, opened. */
async function openAdminTools(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Admin tools', exact: true }).click();
  return page.getByRole('region', { name: 'Admin tools', exact: true });
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('admin', () => {
  test("a ban hides the member's review and rating on the release page; lifting it brings them back", async ({
    page,
    admin,
    newUser,
    login,
    apiSession,
    catalogue,
  }) => {
    test.setTimeout(60_000);
    const summary = await releaseForSlot(
      catalogue,
      2,
      averageMovedBy(RATING),
      'rated release whose average a 1.0 moves',
    );
    const before = (await catalogue.release(summary.id)).stats;
    if (before.ratingsAvg === null) throw new Error(`${summary.title} has no average.`);
    const withMember =
      (before.ratingsAvg * before.ratingsCount + RATING) / (before.ratingsCount + 1);

    const member = await newUser({ confirmed: true });
    await entriesApi((await apiSession(member)).request).createEntry({
      releaseId: summary.id,
      rating: RATING,
      review: 'Loud, long and empty.',
    });

    await login(page, admin);
    const review = page.getByRole('article', {
      name: reviewName(member.username, summary.title),
      exact: true,
    });
    const average = releaseRatingSummary(page);

    await page.goto(`/release/${summary.id}`);
    await expect(review).toBeVisible();
    await expect(average).toContainText(`Average rating ${formatRating(withMember)}`);
    await expect(average).toContainText(ratingsCountText(before.ratingsCount + 1));

    // Ban from the profile's admin tools, confirming first.
    await page.goto(`/${member.username}`);
    let tools = await openAdminTools(page);
    await tools
      .getByRole('combobox', { name: 'Account status', exact: true })
      .selectOption('Banned');
    await tools.getByRole('button', { name: 'Save account status', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Ban ${member.username}?`, exact: true });
    await confirm.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(tools.getByText('Account status set to Banned.', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Badges', exact: true }).getByText('Banned', { exact: true }),
    ).toBeVisible();

    await page.goto(`/release/${summary.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(summary.title);
    await expect(review).toHaveCount(0);
    await expect(average).toContainText(`Average rating ${formatRating(before.ratingsAvg)}`);
    await expect(average).toContainText(ratingsCountText(before.ratingsCount));

    // Lifting the ban (back to Confirmed) needs no confirmation.
    await page.goto(`/${member.username}`);
    tools = await openAdminTools(page);
    await tools
      .getByRole('combobox', { name: 'Account status', exact: true })
      .selectOption('Confirmed');
    await tools.getByRole('button', { name: 'Save account status', exact: true }).click();
    await expect(
      tools.getByText('Account status set to Confirmed.', { exact: true }),
    ).toBeVisible();

    await page.goto(`/release/${summary.id}`);
    await expect(review).toBeVisible();
    await expect(average).toContainText(`Average rating ${formatRating(withMember)}`);
    await expect(average).toContainText(ratingsCountText(before.ratingsCount + 1));
  });

  test('the admin pages pass axe for admins', async ({ page, admin, login }) => {
    await login(page, admin);
    const violations: string[] = [];
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: heading, level: 1, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      violations.push(...(await axeViolations(axeCheck(page), path)));
    }
    expect(violations).toEqual([]);
  });

  test('the admin tools and their confirmation pass axe', async ({
    page,
    admin,
    newUser,
    login,
  }) => {
    const member = await newUser({ confirmed: true });
    await login(page, admin);
    const violations: string[] = [];
    await page.goto(`/${member.username}`);
    const tools = await openAdminTools(page);
    await expect(
      tools.getByRole('combobox', { name: 'Account status', exact: true }),
    ).toBeVisible();
    violations.push(...(await axeViolations(axeCheck(page), 'admin tools')));
    await tools
      .getByRole('combobox', { name: 'Account status', exact: true })
      .selectOption('Deleted');
    await tools.getByRole('button', { name: 'Save account status', exact: true }).click();
    const confirm = page.getByRole('dialog', {
      name: `Delete ${member.username}'s account?`,
      exact: true,
    });
    await expect(confirm.getByText(/This cannot be undone/)).toBeVisible();
    violations.push(...(await axeViolations(axeCheck(page), 'delete confirmation')));
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    expect(violations).toEqual([]);
  });

  test('visitors are asked to log in, members get the 404 page, and neither sees admin tools', async ({
    page,
    newUser,
    login,
  }) => {
    const member = await newUser({ confirmed: true });
    const visitAs = async (expected: Locator) => {
      for (const { path } of ADMIN_PAGES) {
        await page.goto(path);
        await expect(expected).toBeVisible();
      }
      await page.goto(`/${member.username}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);
      await expect(page.getByRole('button', { name: 'Admin tools', exact: true })).toHaveCount(0);
    };
    await visitAs(
      page.getByRole('heading', {
        name: 'Please login or sign up to access this page.',
        level: 1,
        exact: true,
      }),
    );
    await login(page, await newUser({ confirmed: true }));
    await visitAs(page.getByText('404: Not found', { exact: true }));
  });

  test('the admin tools work with the keyboard alone', async ({
    page,
    admin,
    newUser,
    login,
    apiSession,
  }) => {
    const member = await newUser({ confirmed: true });
    await login(page, admin);
    await page.goto(`/${member.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.username);

    const toggle = page.getByRole('button', { name: 'Admin tools', exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const tools = page.getByRole('region', { name: 'Admin tools', exact: true });
    await expect(
      page.getByRole('button', { name: 'Hide admin tools', exact: true }),
    ).toHaveAttribute('aria-expanded', 'true');

    // Supporter: pick it with the arrow key and save with Enter.
    const supporter = tools.getByRole('combobox', { name: 'Supporter status', exact: true });
    await tabTo(page, supporter);
    await page.keyboard.press('ArrowDown');
    await expect(supporter).toHaveValue('10');
    await tabTo(page, tools.getByRole('button', { name: 'Save supporter status', exact: true }));
    await page.keyboard.press('Enter');
    await expect(
      tools.getByText('Supporter status set to Supporter.', { exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Badges', exact: true })
        .getByText('Supporter', { exact: true }),
    ).toBeVisible();

    // A ban asks first; Escape leaves the account as it was.
    const account = tools.getByRole('combobox', { name: 'Account status', exact: true });
    await tabTo(page, account);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(account).toHaveValue('80');
    await tabTo(page, tools.getByRole('button', { name: 'Save account status', exact: true }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Ban ${member.username}?`, exact: true });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(tools.getByText('Account status set to Banned.', { exact: true })).toHaveCount(0);

    // A message with a link, typed and sent from the keyboard.
    await tabTo(page, tools.getByRole('textbox', { name: 'Message', exact: true }));
    await page.keyboard.type('Please read the rules before posting again.');
    await page.keyboard.press('Tab');
    await expect(
      tools.getByRole('textbox', { name: 'Link (optional)', exact: true }),
    ).toBeFocused();
    await page.keyboard.type('/rules');
    await tabTo(page, tools.getByRole('button', { name: 'Send message', exact: true }));
    await page.keyboard.press('Enter');
    await expect(
      tools.getByText(`Message sent to ${member.username}.`, { exact: true }),
    ).toBeVisible();

    const inbox = await (await apiSession(member)).request.get('/api/notifications');
    await expectStatus(inbox, 200, 'GET /api/notifications');
    const { notifications } = (await inbox.json()) as PagedNotifications;
    expect(notifications[0]).toMatchObject({
      message: 'Please read the rules before posting again.',
      link: '/rules',
    });
  });
});
