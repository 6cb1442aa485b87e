import { maxPageFor, ReleaseListKind, SortBy } from '@earmark/common';
import { q } from './query';
import type { Samples, Scenario } from './scenarios';

/**
 * Depth: the same paged lists read at page 1, page 50 and their last page,
 * side by side. Page numbers reach PAGE_MAX_OFFSET items; the last page is
 * also read by cursor, as infinite scrolling reads every page after the
 * first. The paths of deep pages (their cursors above all) are collected
 * from the running server before the load runs, by reading the lists.
 */

/** Deep page paths by `${list}|${depth}`. */
export type DeepPages = Record<string, string[]>;

interface PagedList {
  name: string;
  /** The first pages of the lists read (one list, or one per release or user). */
  bases: (s: Omit<Samples, 'deep'>) => string[];
}

const lists: PagedList[] = [
  {
    name: 'GET releases?type=top',
    bases: () => [`/api/releases?${q({ type: ReleaseListKind.Top })}`],
  },
  {
    name: 'GET entries?releaseId&sortBy=RatingDate (longest)',
    bases: (s) =>
      s.longestReleaseIds.map(
        (releaseId) => `/api/entries?${q({ releaseId, sortBy: SortBy.RatingDate })}`,
      ),
  },
  {
    name: 'GET entries?userId&sortBy=RatingDate (longest)',
    bases: (s) =>
      s.longestUserIds.map((userId) => `/api/entries?${q({ userId, sortBy: SortBy.RatingDate })}`),
  },
];

const DEEP_PAGE = 50;
const depths = ['page 1', `page ${DEEP_PAGE}`, 'last page', 'last page by cursor'] as const;
type Depth = (typeof depths)[number];

export const depthScenarios: Scenario[] = lists.flatMap((list) =>
  depths.map((depth): Scenario => ({
    name: `${list.name}, ${depth}`,
    paths: (s) => (depth === 'page 1' ? list.bases(s) : (s.deep[`${list.name}|${depth}`] ?? [])),
    skipReason:
      depth === `page ${DEEP_PAGE}` ? `no list of the dataset has ${DEEP_PAGE} pages` : 'no page',
  })),
);

interface Page {
  totalPages: number;
  itemsPerPage: number;
  nextCursor: string | null;
}

async function page(baseUrl: string, path: string): Promise<Page> {
  const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(120_000) });
  if (!res.ok)
    throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as Page;
}

/** The path of page `n` of a list by cursor: the nextCursor of page n - 1, reached by number then cursors. */
async function cursorTo(baseUrl: string, base: string, n: number, pageSize: number) {
  let at = Math.min(n - 1, maxPageFor(pageSize));
  let current = await page(baseUrl, `${base}&page=${at}`);
  while (at < n - 1 && current.nextCursor) {
    current = await page(baseUrl, `${base}&cursor=${encodeURIComponent(current.nextCursor)}`);
    at += 1;
  }
  return current.nextCursor ? `${base}&cursor=${encodeURIComponent(current.nextCursor)}` : null;
}

async function deepPath(baseUrl: string, base: string, depth: Depth): Promise<string | null> {
  const first = await page(baseUrl, base);
  const { totalPages, itemsPerPage } = first;
  const byNumber = (n: number) => (n <= maxPageFor(itemsPerPage) ? `${base}&page=${n}` : null);
  if (depth === `page ${DEEP_PAGE}`) return totalPages >= DEEP_PAGE ? byNumber(DEEP_PAGE) : null;
  if (depth === 'last page') return byNumber(totalPages);
  if (depth === 'last page by cursor' && totalPages > 1) {
    return cursorTo(baseUrl, base, totalPages, itemsPerPage);
  }
  return null;
}

/** Reads the lists on the running server for the paths of their deep pages. */
export async function collectDeepPages(
  baseUrl: string,
  s: Omit<Samples, 'deep'>,
): Promise<DeepPages> {
  const out: DeepPages = {};
  for (const list of lists) {
    for (const depth of depths.filter((d) => d !== 'page 1')) {
      const paths: string[] = [];
      for (const base of list.bases(s)) {
        const path = await deepPath(baseUrl, base, depth);
        if (path) paths.push(path);
      }
      out[`${list.name}|${depth}`] = paths;
    }
  }
  return out;
}
