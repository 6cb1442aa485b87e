import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ReleaseListKind,
  formatRating,
  type CreateEntryInput,
  type Entry,
  type PagedEntries,
  type ReleaseSummary,
  type UserProfile,
  type UserRatingStats,
} from '@earmark/common';
import type { CatalogueApi } from './catalogue';
import { todayUtc } from './catalogue';
import { expectStatus } from './users';

/**
 * Calls to the entries API for setting a test up and checking what a page
 * saved. `request` decides who asks: a page's request context shares the
 * browser's session; an ApiSession's is signed in on its own.
 */
export interface EntriesApi {
  /** The signed-in user's entry on a release, or null. */
  myEntry(releaseId: string): Promise<Entry | null>;
  entry(id: string): Promise<Entry>;
  entries(query: Record<string, string>): Promise<PagedEntries>;
  /** Needs a request context that sends the site's Origin (an ApiSession's does). */
  createEntry(input: CreateEntryInput): Promise<Entry>;
  /** Entries on a release by the people the signed-in user follows. */
  followingEntries(releaseId: string): Promise<Entry[]>;
  profile(username: string): Promise<UserProfile>;
  /** A user's rating distribution (counts per bucket 0-10). */
  ratingStats(userId: string): Promise<UserRatingStats>;
}

export function entriesApi(request: APIRequestContext): EntriesApi {
  const get = async <T>(url: string): Promise<T> => {
    const res = await request.get(url);
    await expectStatus(res, 200, `GET ${url}`);
    return (await res.json()) as T;
  };
  const id = (value: string) => encodeURIComponent(value);

  return {
    async myEntry(releaseId) {
      const url = `/api/entries/release/${id(releaseId)}/me`;
      const res = await request.get(url);
      if (res.status() === 404) return null;
      await expectStatus(res, 200, `GET ${url}`);
      // An empty body or JSON null both mean "no entry yet".
      const text = await res.text();
      return text ? (JSON.parse(text) as Entry | null) : null;
    },
    entry: (entryId) => get<Entry>(`/api/entries/${id(entryId)}`),
    entries: (query) => get<PagedEntries>(`/api/entries?${new URLSearchParams(query)}`),
    async createEntry(input) {
      const res = await request.post('/api/entries', { data: input });
      await expectStatus(res, 201, `POST /api/entries for ${input.releaseId}`);
      return (await res.json()) as Entry;
    },
    followingEntries: (releaseId) =>
      get<Entry[]>(`/api/entries/release/${id(releaseId)}/following`),
    profile: (username) => get<UserProfile>(`/api/users/username/${id(username)}`),
    ratingStats: (userId) => get<UserRatingStats>(`/api/entries/user/${id(userId)}/ratings`),
  };
}

/**
 * Tests that change a release (its ratings, reviews or track votes) run side
 * by side, and each must be the only one touching its release. Each takes a
 * slot of its own; the released demo releases are dealt out among the slots
 * like cards, and a test picks from its own share only.
 */
export const RELEASE_SLOTS = 8;

/**
 * A released demo release from the test's own share (see RELEASE_SLOTS)
 * that satisfies `predicate`. Releases on the first page of the top list are
 * left out, so a new rating does not reorder what the catalogue specs check.
 */
export async function releaseForSlot(
  catalogue: CatalogueApi,
  slot: number,
  predicate: (release: ReleaseSummary) => boolean,
  what: string,
): Promise<ReleaseSummary> {
  if (!Number.isInteger(slot) || slot < 0 || slot >= RELEASE_SLOTS) {
    throw new Error(`Release slot ${slot} is not one of 0-${RELEASE_SLOTS - 1}.`);
  }
  const top = new Set((await catalogue.releases(ReleaseListKind.Top)).releases.map((r) => r.id));
  const today = todayUtc();
  const released = (await catalogue.allReleases(ReleaseListKind.New)).filter(
    (release) => release.date !== null && release.date <= today && !top.has(release.id),
  );
  const found = released.find(
    (release, index) => index % RELEASE_SLOTS === slot && predicate(release),
  );
  if (!found) throw new Error(`No ${what} among the released demo releases of slot ${slot}.`);
  return found;
}

/**
 * A `releaseForSlot` predicate: a rated release whose shown average one more
 * rating of `stored` (0-100) changes, so a page has something to show.
 */
export const averageMovedBy =
  (stored: number) =>
  (release: ReleaseSummary): boolean => {
    const { ratingsCount: count, ratingsAvg: avg } = release.stats;
    if (count === 0 || avg === null) return false;
    return formatRating((avg * count + stored) / (count + 1)) !== formatRating(avg);
  };

/** The text field of the viewer's rating (0-10) on a release page or in a card's popup. */
export const ratingField = (scope: Page | Locator) =>
  scope.getByRole('textbox', { name: 'Rating from 0 to 10' });

export const ratingSlider = (scope: Page | Locator) =>
  scope.getByRole('slider', { name: 'Rating slider' });

/** '1 rating', '1,204 ratings': the count beside an average. */
export const ratingsCountText = (count: number) =>
  `${count.toLocaleString('en')} ${count === 1 ? 'rating' : 'ratings'}`;

/**
 * The average rating at the top of a release page: the paragraph holding
 * 'Average rating 7.4' and '12 ratings'.
 */
export const releaseRatingSummary = (page: Page) =>
  page
    .getByRole('main')
    .locator('p')
    .filter({ has: page.getByText(/^Average rating /) });

/** Waits for the page's call that saves the viewer's entry (POST the first time, PATCH after). */
export function entrySaved(page: Page) {
  return page.waitForResponse(
    (res) =>
      /\/api\/entries(\/[^/]+)?$/.test(new URL(res.url()).pathname) &&
      ['POST', 'PATCH'].includes(res.request().method()),
  );
}
