import type { Locator, Page } from '@playwright/test';
import {
  ReleaseType,
  VoteType,
  formatRating,
  themePresets,
  type ThemePreset,
  type Release,
  type Tag,
} from '@earmark/common';
import {
  expect,
  test,
  type ApiSession,
  type CatalogueApi,
  type EarmarkFixtures,
  type TestUser,
} from '../fixtures';
import { axeCheck, axeViolations, contrastCheck, settledViolations } from '../support/axe';
import { escapeRegExp } from '../support/catalogue';
import { entriesApi, releaseForSlot } from '../support/entries';
import { expectStatus } from '../support/users';

// Colour transitions would let axe read a colour half-way between two themes.
test.use({ reducedMotion: 'reduce' });

/** A rated album of the slot's share, so it has tracks and reviews. */
async function releaseWithTracks(catalogue: CatalogueApi, slot: number): Promise<Release> {
  const summary = await releaseForSlot(
    catalogue,
    slot,
    (release) => release.type === ReleaseType.LP && release.stats.ratingsCount > 0,
    'rated LP',
  );
  const release = await catalogue.release(summary.id);
  if (release.tracks.length < 2) throw new Error(`${release.title} has too few tracks.`);
  return release;
}

/**
 * Gives `session`'s user an entry on the release with a rating, a tag of
 * their own and a down-vote on its first track, so the release page shows a
 * selected tag chip and a red-tinted track row.
 */
async function annotate(session: ApiSession, release: Release): Promise<Tag> {
  const api = session.request;
  const tagReply = await api.post('/api/entries/user/tags', { data: { name: 'late night' } });
  await expectStatus(tagReply, 201, 'Tag creation');
  const tag = (await tagReply.json()) as Tag;
  const entryReply = await api.post('/api/entries', {
    data: { releaseId: release.id, rating: 80, tags: [tag.id] },
  });
  await expectStatus(entryReply, 201, 'Entry creation');
  const [first] = [...release.tracks].sort((a, b) => a.order - b.order);
  if (!first) throw new Error(`${release.title} has no tracks.`);
  const voteReply = await api.post(
    `/api/entries/track/${encodeURIComponent(release.id)}/${encodeURIComponent(first.id)}`,
    { data: { vote: VoteType.DOWN } },
  );
  expect(voteReply.ok(), `track vote: ${voteReply.status()}`).toBe(true);
  return tag;
}

/** Presets checked in one test: about 15 s of axe on a quiet machine, 40 s beside another worker. */
const PRESETS_PER_TEST = 5;

/** The theme presets in order, in groups of PRESETS_PER_TEST. */
function presetGroups(): ThemePreset[][] {
  const groups: ThemePreset[][] = [];
  for (let i = 0; i < themePresets.length; i += PRESETS_PER_TEST) {
    groups.push(themePresets.slice(i, i + PRESETS_PER_TEST));
  }
  return groups;
}

interface Annotated {
  release: Release;
  member: TestUser;
  tag: Tag;
}

/** A member with an entry (see annotate) on a release of `slot`. */
async function annotatedRelease(
  fixtures: Pick<EarmarkFixtures, 'catalogue' | 'newUser' | 'apiSession'>,
  slot: number,
): Promise<Annotated> {
  const release = await releaseWithTracks(fixtures.catalogue, slot);
  const member = await fixtures.newUser({ confirmed: true });
  const tag = await annotate(await fixtures.apiSession(member), release);
  return { release, member, tag };
}

/** Signs the member in and opens the release page once their tag shows on it. */
async function openAsMember(
  page: Page,
  login: EarmarkFixtures['login'],
  { release, member, tag }: Annotated,
): Promise<void> {
  await login(page, member);
  await page.goto(`/release/${release.id}`);
  await expect(page.getByRole('button', { name: tag.name, pressed: true })).toBeVisible();
}

/** The pages the audit covers, each with what shows once it has loaded. */
function auditedPages(release: Release, username: string, signedIn: boolean) {
  const pages = [
    {
      what: 'home',
      url: '/',
      ready: (page: Page) => expect(page.getByRole('article').first()).toBeVisible(),
    },
    {
      what: 'a release page',
      url: `/release/${release.id}`,
      ready: async (page: Page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(release.title);
        await expect(page.getByRole('region', { name: 'Tracks' })).toBeVisible();
        if (!signedIn) return;
        // A new member is a contributor: their genre votes are audited open.
        await page.getByRole('button', { name: 'Vote on genres' }).click();
        await expect(page.getByRole('list', { name: 'Genre votes' })).toBeVisible();
      },
    },
    {
      what: 'a profile',
      url: `/${username}`,
      ready: (page: Page) =>
        expect(page.getByRole('heading', { name: 'Rating distribution' })).toBeVisible(),
    },
    {
      what: 'the theme page',
      url: '/theme',
      ready: (page: Page) =>
        expect(page.getByRole('heading', { name: 'Theme', level: 1 })).toBeVisible(),
    },
  ];
  if (signedIn) return pages;
  return [
    ...pages,
    {
      what: 'the login page',
      url: '/login',
      ready: (page: Page) => expect(page.getByLabel('Password')).toBeVisible(),
    },
    {
      what: 'the sign-up tab',
      url: '/login?mode=signup',
      ready: (page: Page) => expect(page.getByLabel('Username')).toBeVisible(),
    },
  ];
}

/** Every page is checked before failing, so one run lists every violation. */
async function auditPages(page: Page, release: Release, username: string, signedIn: boolean) {
  const violations: string[] = [];
  const width = page.viewportSize()?.width ?? 0;
  for (const { what, url, ready } of auditedPages(release, username, signedIn)) {
    await page.goto(url);
    await ready(page);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const who = `${signedIn ? 'signed in' : 'signed out'}, ${width}px wide`;
    violations.push(...(await axeViolations(axeCheck(page), `${what} (${who})`)));
  }
  expect(violations).toEqual([]);
}

test.describe('accessibility', () => {
  test('home, a release, a profile, the theme and login pages pass axe, signed out, wide and narrow', async ({
    page,
    catalogue,
    newUser,
    apiSession,
  }) => {
    test.setTimeout(120_000);
    const { release, member } = await annotatedRelease({ catalogue, newUser, apiSession }, 7);
    await auditPages(page, release, member.username, false);
    // On a phone the grids have three columns and a card's links less room.
    await page.setViewportSize({ width: 390, height: 844 });
    await auditPages(page, release, member.username, false);
  });

  test('the same pages pass axe, signed in', async ({
    page,
    catalogue,
    newUser,
    apiSession,
    login,
  }) => {
    test.setTimeout(120_000);
    const annotated = await annotatedRelease({ catalogue, newUser, apiSession }, 7);
    await openAsMember(page, login, annotated);
    await auditPages(page, annotated.release, annotated.member.username, true);
    // The login page has nothing to offer a signed-in member and sends them home.
    await page.goto('/login');
    await expect(page).toHaveURL('/');

    // The quick entry popup of the release's card, with the rating and track votes.
    const { release } = annotated;
    const [artist] = release.artists;
    if (!artist) throw new Error(`${release.title} has no artist.`);
    await page.goto(`/artist/${artist.id}`);
    await page
      .getByRole('button', { name: `${formatRating(80)} is your rating for ${release.title}` })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: release.title });
    await expect(popup.getByRole('list', { name: 'Track votes' })).toBeVisible();
    expect(await axeViolations(axeCheck(page), 'a card popup (signed in)')).toEqual([]);
  });

  // The presets in a few groups, each a test with its own time, so that a
  // slow machine does not run all 27 checks against one timeout.
  for (const group of presetGroups()) {
    const range = `${group[0]!.name} to ${group[group.length - 1]!.name}`;
    test(`the theme presets ${range} keep a release page readable`, async ({
      page,
      context,
      catalogue,
      newUser,
      apiSession,
      login,
    }) => {
      test.setTimeout(120_000);
      await openAsMember(
        page,
        login,
        await annotatedRelease({ catalogue, newUser, apiSession }, 7),
      );

      // Presets are picked on the theme page in a second tab; the release page follows.
      const themeTab = await context.newPage();
      await themeTab.goto('/theme');
      const presets = themeTab.getByRole('group', { name: 'Theme presets' });
      const violations: string[] = [];
      for (const preset of group) {
        await presets.getByText(preset.name, { exact: true }).click();
        await expect(themeTab.getByRole('radio', { name: preset.name })).toBeChecked();
        await expect(page.locator('html')).toHaveCSS(
          '--color-background',
          preset.colors.background,
        );
        violations.push(...(await settledViolations(() => contrastCheck(page), preset.name)));
      }
      expect(violations).toEqual([]);
    });
  }

  test('the keyboard reaches the reviews past the track votes, which still work', async ({
    page,
    catalogue,
    newUser,
    login,
  }) => {
    const release = await releaseWithTracks(catalogue, 6);
    const [, second] = [...release.tracks].sort((a, b) => a.order - b.order);
    if (!second) throw new Error(`${release.title} has too few tracks.`);
    await login(page, await newUser({ confirmed: true }));
    await page.goto(`/release/${release.id}`);
    const tracks = page.getByRole('region', { name: 'Tracks' });
    // Each track's votes and its 'Comments' toggle are one stop together.
    const votes = tracks.getByRole('button');
    await expect(tracks.getByRole('button', { name: /favourite/ })).toHaveCount(
      release.tracks.length * 2,
    );
    await expect(votes).toHaveCount(release.tracks.length * 3);
    const reviewsTab = page
      .getByRole('navigation', { name: 'About this release' })
      .getByRole('link', { name: 'Reviews' });
    const focused = (target: Locator) =>
      target.evaluateAll((elements) => elements.some((el) => el === document.activeElement));

    // Tab from the top of the page: the track votes are a single stop on the way.
    let voteStops = 0;
    let presses = 0;
    while (!(await focused(reviewsTab))) {
      presses += 1;
      if (presses > 60) throw new Error('Tab never reached the reviews.');
      await page.keyboard.press('Tab');
      if (await focused(votes)) voteStops += 1;
    }
    expect(voteStops).toBe(1);

    // Back to that stop, the arrow keys reach any track's votes, and Space and Enter vote.
    await page.keyboard.press('Shift+Tab');
    await expect(votes.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const favourite = tracks.getByRole('button', {
      name: new RegExp(`^\\d+ favourite: ${escapeRegExp(second.title)}$`),
    });
    const leastFavourite = tracks.getByRole('button', {
      name: new RegExp(`^\\d+ least favourite: ${escapeRegExp(second.title)}$`),
    });
    await expect(favourite).toBeFocused();
    await page.keyboard.press('Space');
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await expect(favourite).toHaveText(`${second.upvotes + 1} favourite: ${second.title}`);

    await page.keyboard.press('ArrowRight');
    await expect(leastFavourite).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(leastFavourite).toHaveAttribute('aria-pressed', 'true');
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    const entry = await entriesApi(page.request).myEntry(release.id);
    expect(entry?.trackVotes).toEqual([{ trackId: second.id, vote: VoteType.DOWN }]);

    // The group keeps the last focused vote as its stop; Tab leaves it for the reviews.
    await page.keyboard.press('Tab');
    await expect(reviewsTab).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(leastFavourite).toBeFocused();
  });
});
