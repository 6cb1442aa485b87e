import { expect, test } from '../fixtures';
import { entriesApi, entrySaved, releaseForSlot } from '../support/entries';

const LINK = { text: 'the liner notes', href: 'https://example.com/liner-notes' } as const;
const REVIEW = [
  'A **slow-burning** record that rewards patience.',
  '',
  `Read [${LINK.text}](${LINK.href}) before the second side.`,
].join('\n');

/** How review cards and the review page are named: "ana's review of Blue Hour". */
const reviewName = (author: string, title: string) => `${author}'s review of ${title}`;

test.describe('reviews', () => {
  test('a markdown review shows, rendered, on the release page and in new reviews', async ({
    page,
    newUser,
    login,
    catalogue,
  }) => {
    const release = await releaseForSlot(catalogue, 3, () => true, 'release');
    const user = await newUser({ confirmed: true });
    await login(page, user);

    await page.goto(`/release/${release.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);
    await page.getByRole('button', { name: 'Write a review' }).click();
    await page.getByRole('textbox', { name: 'Your review' }).fill(REVIEW);

    // The preview renders the markdown as the review will show.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.locator('strong')).toHaveText('slow-burning');
    await expect(preview.getByText('**')).toHaveCount(0);

    const saved = entrySaved(page);
    await page.getByRole('button', { name: 'Publish review' }).click();
    expect((await saved).status()).toBe(201);
    await expect(page.getByRole('button', { name: 'Edit your review' })).toBeVisible();

    // Among the release's reviews.
    const onRelease = page
      .getByRole('list', { name: `Reviews of ${release.title}` })
      .getByRole('article', { name: reviewName(user.username, release.title) });
    await expect(onRelease.locator('strong')).toHaveText('slow-burning');
    const link = onRelease.getByRole('link', { name: `${LINK.text} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', LINK.href);
    await expect(link).toHaveAttribute('target', '_blank');

    // And in the newest reviews of everyone, from a fresh load.
    await page.goto('/reviews');
    await expect(page).toHaveURL('/reviews/new');
    const inNew = page
      .getByRole('list', { name: 'New reviews' })
      .getByRole('article', { name: reviewName(user.username, release.title) });
    await expect(inNew.locator('strong')).toHaveText('slow-burning');
    await expect(inNew.getByRole('link', { name: release.title, exact: true })).toHaveAttribute(
      'href',
      `/release/${release.id}`,
    );
    await expect(
      inNew.getByRole('link', { name: `${LINK.text} (opens in a new tab)` }),
    ).toHaveAttribute('href', LINK.href);
    // Raw markdown never reaches the page.
    await expect(inNew).not.toContainText('**');
  });

  test("another member's up-vote makes the review's score +1", async ({
    page,
    newUser,
    login,
    apiSession,
    catalogue,
  }) => {
    const release = await releaseForSlot(catalogue, 4, () => true, 'release');
    const author = await newUser({ confirmed: true });
    const entry = await entriesApi((await apiSession(author)).request).createEntry({
      releaseId: release.id,
      review: 'Warm, patient and **very** good.',
    });

    const reader = await newUser({ confirmed: true });
    await login(page, reader);
    await page.goto(`/review/${entry.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      reviewName(author.username, release.title),
    );
    const voting = page.getByRole('group', { name: 'Vote on this review' });
    const up = voting.getByRole('button', { name: 'Vote up' });
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await expect(voting).toContainText('Score 0');

    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(voting).toContainText('Score +1');
    await expect
      .poll(async () => (await entriesApi(page.request).entry(entry.id)).review)
      .toEqual(expect.objectContaining({ upvotes: 1, downvotes: 0 }));

    // Saved: the score stays after a reload, and shows on the release's reviews too.
    await page.reload();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(voting).toContainText('Score +1');
    await page.goto(`/release/${release.id}`);
    const card = page
      .getByRole('list', { name: `Reviews of ${release.title}` })
      .getByRole('article', { name: reviewName(author.username, release.title) });
    const cardVoting = card.getByRole('group', { name: 'Vote on this review' });
    await expect(cardVoting).toContainText('Score +1');
    // The reader's own vote shows on the release's reviews, read again or not.
    for (let read = 0; read < 2; read++) {
      if (read > 0) await page.reload();
      await expect(cardVoting.getByRole('button', { name: 'Vote up' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
  });
});
