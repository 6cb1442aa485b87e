import { ReleaseListKind, ReleaseType, SortBy } from '@earmark/common';
import { depthScenarios, type DeepPages } from './depth';
import { longTailScenarios } from './long-tail';
import { q } from './query';
import { searchScenarios } from './search';

/** Ids drawn from the dataset; entry-weighted ones follow where the traffic goes. */
export interface Samples {
  /** Uniform over visible releases. */
  releaseIds: string[];
  /** Weighted by ratings: popular releases come up often, as their pages do. */
  ratedReleaseIds: string[];
  /** Weighted by reviews. */
  reviewedReleaseIds: string[];
  /** Weighted by activity. */
  activeUserIds: string[];
  /** What people type into the search box (see search.ts). */
  searchQueries: string[];
  /** Years with the most releases in the top list, for top-oty. */
  years: number[];
  /** The genres users' entries most often carry, for the genre filter and genre pages. */
  genreIds: string[];
  /** Labels of random releases: the labels with most releases come up most, as their pages do. */
  labelIds: string[];
  /** Every visible release and every visible user: what the long tail draws from. */
  allReleaseIds: string[];
  allUsers: { id: string; username: string }[];
  /** Releases and users whose lists are the longest: what the depth scenarios page through. */
  longestReleaseIds: string[];
  longestUserIds: string[];
  /** Paths of deep pages, collected from the running server (see depth.ts). */
  deep: DeepPages;
}

export interface Scenario {
  name: string;
  /** The paths requested in turn; none: skipped with `skipReason`. */
  paths: (s: Samples) => string[];
  skipReason?: string;
  /** Requested by a pool of signed-in users, taking turns; signed out otherwise. */
  signedIn?: boolean;
  /** Connections of this scenario, when not the run's (the bare route is measured alike). */
  connections?: number;
  /** Its own p99 target, when not the run's. */
  maxP99Ms?: number;
  /** Measured cold: no warm-up pass, and the one-at-a-time requests go on to unseen paths. */
  cold?: boolean;
}

const releaseEntries = (ids: string[], params: Record<string, string | number | boolean>) =>
  ids.map((releaseId) => `/api/entries?${q({ releaseId, ...params })}`);
const userEntries = (ids: string[], params: Record<string, string | number | boolean>) =>
  ids.map((userId) => `/api/entries?${q({ userId, ...params })}`);

/** A user's music page with each sort the API has. */
const userSorts: Scenario[] = Object.values(SortBy).map((sortBy) => ({
  name: `GET entries?userId&sortBy=${sortBy}`,
  paths: (s) => userEntries(s.activeUserIds, { sortBy }),
}));

/** The profile overview's charts (GET entries/user/{id}/...). */
const statsKinds = ['ratings', 'artists', 'release-date', 'genres', 'labels', 'tags'];

/**
 * What the large benchmark loads, signed out; `withSignedIn` adds each one
 * signed in. An endpoint that answers 404 (not built yet) is reported as
 * skipped, so scenarios of upcoming endpoints can be listed here ahead of them.
 */
const signedOut: Scenario[] = [
  {
    name: 'GET releases/{id}',
    paths: (s) => s.releaseIds.map((id) => `/api/releases/${id}`),
  },
  {
    name: 'GET releases?type=top',
    paths: () => [`/api/releases?${q({ type: ReleaseListKind.Top })}`],
  },
  {
    name: 'GET releases?type=top-oty&year',
    paths: (s) =>
      s.years.map((year) => `/api/releases?${q({ type: ReleaseListKind.TopOfTheYear, year })}`),
  },
  {
    name: 'GET releases?type=popular',
    paths: () => [`/api/releases?${q({ type: ReleaseListKind.Popular })}`],
  },
  {
    // A label's page reads its releases out and its releases to come.
    name: 'GET releases?type=new|upcoming&labelId (a label page)',
    paths: (s) =>
      s.labelIds.flatMap((labelId) =>
        [ReleaseListKind.New, ReleaseListKind.Upcoming].map(
          (type) => `/api/releases?${q({ type, labelId })}`,
        ),
      ),
  },
  {
    name: 'GET releases?type=new&genreId (a genre page)',
    paths: (s) =>
      s.genreIds.map((genreId) => `/api/releases?${q({ type: ReleaseListKind.New, genreId })}`),
  },
  {
    name: 'GET entries?releaseId&withReview&sortBy=ReviewTop',
    paths: (s) =>
      releaseEntries(s.reviewedReleaseIds, { withReview: true, sortBy: SortBy.ReviewTop }),
  },
  {
    name: 'GET entries?releaseId&withReview&sortBy=ReviewDate',
    paths: (s) =>
      releaseEntries(s.reviewedReleaseIds, { withReview: true, sortBy: SortBy.ReviewDate }),
  },
  {
    name: 'GET entries?releaseId&sortBy=RatingDate',
    paths: (s) => releaseEntries(s.ratedReleaseIds, { sortBy: SortBy.RatingDate }),
  },
  ...userSorts,
  {
    name: 'GET entries?userId&type=LP',
    paths: (s) => userEntries(s.activeUserIds, { sortBy: SortBy.RatingDate, type: ReleaseType.LP }),
  },
  {
    name: 'GET entries?userId&decade=1990',
    paths: (s) => userEntries(s.activeUserIds, { sortBy: SortBy.RatingDate, decade: 1990 }),
  },
  {
    name: 'GET entries?userId&genre',
    paths: (s) =>
      s.activeUserIds.map(
        (userId, i) =>
          `/api/entries?${q({ userId, sortBy: SortBy.RatingDate, genre: s.genreIds[i % s.genreIds.length]! })}`,
      ),
  },
  {
    name: 'GET entries?withReview&sortBy=ReviewDate (/reviews/new)',
    paths: () => [`/api/entries?${q({ withReview: true, sortBy: SortBy.ReviewDate })}`],
  },
  {
    name: 'GET entries?withReview&sortBy=ReviewTop (/reviews/top)',
    paths: () => [`/api/entries?${q({ withReview: true, sortBy: SortBy.ReviewTop })}`],
  },
  ...statsKinds.map((kind): Scenario => ({
    name: `GET entries/user/{id}/${kind}`,
    paths: (s) => s.activeUserIds.map((id) => `/api/entries/user/${id}/${kind}`),
  })),
  ...depthScenarios,
];

/** Each scenario, then the same signed in. */
const withSignedIn = (list: Scenario[]): Scenario[] =>
  list.flatMap((s) => [s, { ...s, name: `${s.name}, signed in`, signedIn: true }]);

/** In order: the long tail first, so no other scenario has warmed the cache for it. */
export const scenarios: Scenario[] = [
  ...longTailScenarios,
  ...withSignedIn(signedOut),
  ...withSignedIn(searchScenarios),
];
