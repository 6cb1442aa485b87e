import { formatRating } from '@earmark/common';
import { expect, test } from '../fixtures';
import { entriesApi } from '../support/entries';

/**
 * Listeners of the demo community (seeded on first start) with many ratings.
 * Nobody can sign in as them; the tests only look at them and follow them.
 */
const FOLLOWED_LISTENER = 'vinylvera';
const CHARTED_LISTENER = 'nightdrive';

const CHARTS = ['Rating distribution', 'Decades', 'Top artists', 'Top genres'] as const;

test.describe('profiles and following', () => {
  test("following a member puts their rating in a release page's following section", async ({
    page,
    newUser,
    login,
  }) => {
    const api = entriesApi(page.request);
    const member = await api.profile(FOLLOWED_LISTENER);
    const { entries } = await api.entries({ userId: member.id, pageSize: '50' });
    const rated = entries.find((entry) => entry.rating !== null);
    if (!rated?.rating) throw new Error(`${member.username} has no rated entries.`);
    const name = member.name || member.username;

    const viewer = await newUser({ confirmed: true });
    await login(page, viewer);
    expect(await api.followingEntries(rated.releaseId)).toEqual([]);

    await page.goto(`/${member.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    const following = page.getByRole('button', { name: 'Following', exact: true });
    const followers = page.locator('header dl > div').filter({ hasText: /^Followers/ });
    await expect(followers).toHaveText(`Followers${member.counts.followers}`);

    await follow.click();
    await expect(following).toBeVisible();
    await expect(following).not.toHaveAttribute('aria-busy', 'true');
    await expect(followers).toHaveText(`Followers${member.counts.followers + 1}`);

    // The release page shows what they made of it.
    await page.goto(`/release/${rated.releaseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(rated.release.title);
    const section = page.getByRole('region', { name: 'From people you follow' });
    const person = section.getByRole('listitem').filter({ hasText: name });
    await expect(person).toHaveCount(1);
    await expect(person).toContainText(`Rated ${formatRating(rated.rating.rating)}`);
    const target = rated.review ? `/review/${rated.id}` : `/${member.username}`;
    await expect(person.getByRole('link')).toHaveAttribute('href', target);

    // Still followed after a fresh load of the profile.
    await page.goto(`/${member.username}`);
    await expect(following).toBeVisible();
  });

  test("a listener's overview draws their charts", async ({ page, request }) => {
    const api = entriesApi(request);
    const member = await api.profile(CHARTED_LISTENER);
    expect(member.counts.entries, `${member.username} has logged releases`).toBeGreaterThan(0);
    const name = member.name || member.username;

    await page.goto(`/${member.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    for (const title of CHARTS) {
      const section = page.getByRole('region', { name: title });
      await expect(section.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      // The drawing (hidden from screen readers, who get the table below instead).
      const chart = section.locator('svg.recharts-surface');
      await expect(chart).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(section.getByRole('table', { name: title })).toBeAttached();
    }

    // The headline count is the sum of the rating distribution.
    const buckets = await api.ratingStats(member.id);
    const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
    const ratings = page
      .getByRole('main')
      .locator('dl > div')
      .filter({ hasText: /^Ratings/ });
    await expect(ratings).toHaveText(`Ratings${total.toLocaleString('en-US')}`);
  });
});
