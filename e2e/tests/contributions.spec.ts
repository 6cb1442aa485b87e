import { ContributorStatus, ReleaseListKind, VoteType } from '@earmark/common';
import { AVATAR_PNG, expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';
import { expectStatus } from '../support/users';

test.describe('contributions', () => {
  test('a release added with three tracks and a cover is edited, approved by three trusted members and its history shows the change', async ({
    page,
    admin,
    apiSession,
    newUser,
    login,
    catalogue,
  }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    const audit = async (what: string) => {
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      violations.push(...(await axeViolations(axeCheck(page), what)));
    };

    // Three members whom an admin makes trusted contributors.
    const adminApi = await apiSession(admin);
    const voters = [];
    for (let i = 0; i < 3; i++) {
      const voter = await newUser({ confirmed: true });
      const session = await apiSession(voter);
      const res = await adminApi.request.patch('/api/admin/user/contributor-status', {
        data: { userId: session.user.id, status: ContributorStatus.TRUSTED_CONTRIBUTOR },
      });
      await expectStatus(res, 200, 'making a member trusted');
      voters.push({ voter, session });
    }

    const { releases } = await catalogue.releases(ReleaseListKind.New);
    const artist = releases.find((release) => release.artists.length > 0)!.artists[0]!;
    const contributor = await newUser({ confirmed: true });
    await login(page, contributor);
    const title = `Quiet Engines ${contributor.username}`;

    // Add Release, from the profile menu's link.
    await page.goto('/contributions/releases/new');
    const form = page.getByRole('form', { name: 'Add Release' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Type').selectOption({ label: 'LP' });
    await form.getByLabel('Known to').selectOption('year');
    await form.getByLabel('Year').fill('1975');
    await form.getByLabel('Find artists').fill(artist.name);
    await form
      .getByRole('list', { name: 'Matching artists' })
      .getByRole('button', { name: `Add ${artist.name}`, exact: true })
      .first()
      .click();
    await expect(form.getByRole('list', { name: 'Chosen artists' })).toContainText(artist.name);
    await form.getByLabel('Cover image file').setInputFiles(AVATAR_PNG);

    await form.getByRole('button', { name: 'Add tracks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tracks' });
    await dialog.getByLabel('Number of tracks').fill('3');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const titles = ['Low Gear', 'Idle Hands', 'Long Haul'];
    for (const [index, trackTitle] of titles.entries()) {
      await form.getByLabel(`Track ${index + 1} title`).fill(trackTitle);
      await form.getByLabel(`Track ${index + 1} duration`).fill(`3:0${index}`);
    }
    await expect(form.getByText('3 tracks · total 9:03')).toBeVisible();
    await form.getByLabel('Note').fill('From the sleeve of my copy.');
    await audit('Add Release');
    await form.getByRole('button', { name: 'Submit' }).click();

    // Applied at once (auto-approved): its page shows it with the cover and the tracks.
    await expect(page).toHaveURL(/\/release\/[^/]+$/);
    const releaseId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const tracks = page.getByRole('region', { name: 'Tracks' });
    for (const trackTitle of titles) await expect(tracks).toContainText(trackTitle);
    await expect(page.getByRole('img', { name: new RegExp(`^Cover of ${title}`) })).toBeVisible();

    await page.goto('/contributions/releases/auto-approved');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('Auto-approved');
    await audit('the auto-approved releases');

    // The contributor corrects the title through the release page's Edit: it waits for votes.
    await page.goto(`/release/${releaseId}`);
    await page.getByRole('button', { name: `${title} options` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/contributions/releases/${releaseId}`);
    const editForm = page.getByRole('form', { name: 'Edit release' });
    await expect(editForm.getByLabel('Title', { exact: true })).toHaveValue(title);
    const corrected = `${title} (Remastered)`;
    await editForm.getByLabel('Title', { exact: true }).fill(corrected);
    await editForm.getByLabel('Note').fill('The sleeve says Remastered.');
    await editForm.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/contributions\/release\/[^/]+$/);
    const submissionId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your vote' })).toHaveCount(0);
    await audit('an open submission, seen by its author');

    // Two trusted members approve through the API, the third on the page.
    for (const { session } of voters.slice(0, 2)) {
      const res = await session.request.patch(`/api/submissions/releases/vote/${submissionId}`, {
        data: { vote: VoteType.UP },
      });
      await expectStatus(res, 200, 'an up-vote');
    }
    await login(page, voters[2]!.voter);
    await page.goto(`/contributions/release/${submissionId}`);
    await audit('an open submission, seen by a trusted member');
    await page.getByRole('button', { name: 'Vote up' }).click();
    await expect(page.getByText('Ok', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your vote' })).toHaveCount(0);
    await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();

    // Three up-votes applied it: the release has its new title and its history the change.
    await page.goto(`/release/${releaseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(corrected);
    await page.goto(`/history/release/${releaseId}`);
    const changes = page.getByRole('list', { name: `Changes to ${corrected}` });
    const latest = changes.getByRole('article').first();
    await expect(latest).toContainText(title);
    await expect(latest).toContainText(corrected);
    await expect(changes.getByRole('article')).toHaveCount(2);
    await audit('the history of a release');

    expect(violations).toEqual([]);
  });
});
