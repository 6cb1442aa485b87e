import { ReleaseListKind, ReleaseType, SortBy } from '@earmark/common';
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
}

export interface Scenario {
  name: string;
  paths: (s: Samples) => string[];
  /** Requested by a pool of signed-in users, taking turns; signed out otherwise. */
  signedIn?: boolean;
  /** Connections of this scenario, when not the run's (the bare route is measured alike). */
  connections?: number;
  /** Its own p99 target, when not the run's. */
  maxP99Ms?: number;
}

const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

/**
 * What the large benchmark loads, in order. An endpoint that answers 404
 * (not built yet) is reported as skipped, so scenarios of upcoming endpoints
 * can be listed here ahead of them.
 */
export const scenarios: Scenario[] = [
  {
    name: 'GET releases/{id}',
    paths: (s) => s.releaseIds.map((id) => `/api/releases/${id}`),
  },
  {
    name: 'GET releases?type=top',
    paths: () => [`/api/releases?${q({ type: ReleaseListKind.Top })}`],
  },
  {
    name: 'GET releases?type=popular',
    paths: () => [`/api/releases?${q({ type: ReleaseListKind.Popular })}`],
  },
  {
    name: 'GET entries?releaseId&sortBy=ReviewTop&withReview',
    paths: (s) =>
      s.reviewedReleaseIds.map(
        (releaseId) =>
          `/api/entries?${q({ releaseId, sortBy: SortBy.ReviewTop, withReview: true })}`,
      ),
  },
  {
    name: 'GET entries?releaseId&sortBy=RatingDate',
    paths: (s) =>
      s.ratedReleaseIds.map(
        (releaseId) => `/api/entries?${q({ releaseId, sortBy: SortBy.RatingDate })}`,
      ),
  },
  {
    name: 'GET entries?userId&sortBy=RatingHighToLow',
    paths: (s) =>
      s.activeUserIds.map(
        (userId) => `/api/entries?${q({ userId, sortBy: SortBy.RatingHighToLow })}`,
      ),
  },
  {
    name: 'GET entries?userId&sortBy=ReleaseDate&type=LP&decade=1990',
    paths: (s) =>
      s.activeUserIds.map(
        (userId) =>
          `/api/entries?${q({ userId, sortBy: SortBy.ReleaseDate, type: ReleaseType.LP, decade: 1990 })}`,
      ),
  },
  ...searchScenarios,
];
