import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Entry, ReleaseSummary, Track, ViewerEntry } from '@earmark/common';

/**
 * One release can sit in many cached answers at once: its own page, release
 * lists (paged and infinite), an artist's discography, a label page, entry
 * lists. After an entry action every copy must show the same viewer entry and
 * track counts, whichever feature owns the query. Instead of knowing all of
 * those keys, this walks the cached data and rewrites the release wherever
 * it appears, keeping every untouched object as it was (so only the queries
 * that really hold the release re-render).
 */

/** How deep to look: infinite data → pages → page → releases → release is 5 levels. */
const MAX_DEPTH = 8;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A release summary or release: the only objects with an id, a title, artists and stats. */
function isReleaseWithId(value: Record<string, unknown>, releaseId: string): boolean {
  return (
    value.id === releaseId &&
    typeof value.title === 'string' &&
    Array.isArray(value.artists) &&
    isRecord(value.stats)
  );
}

type ReleaseUpdate = (release: ReleaseSummary & { tracks?: Track[] }) => ReleaseSummary;

/** Returns `data` with the release rewritten, or the same reference when it is not inside. */
export function rewriteRelease<T>(data: T, releaseId: string, update: ReleaseUpdate, depth = 0): T {
  if (depth > MAX_DEPTH) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const rewritten = rewriteRelease(item, releaseId, update, depth + 1);
      if (rewritten !== item) changed = true;
      return rewritten;
    });
    return (changed ? next : data) as T;
  }
  if (!isRecord(data)) return data;
  if (isReleaseWithId(data, releaseId)) {
    return update(data as unknown as ReleaseSummary & { tracks?: Track[] }) as T;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const rewritten = rewriteRelease(value, releaseId, update, depth + 1);
    if (rewritten !== value) changed = true;
    next[key] = rewritten;
  }
  return (changed ? next : data) as T;
}

/**
 * Applies `update` to every cached copy of the release and returns the keys
 * of the queries that held one (so a caller can refetch them for new stats).
 */
export function updateCachedRelease(
  queryClient: QueryClient,
  releaseId: string,
  update: ReleaseUpdate,
): QueryKey[] {
  const touched: QueryKey[] = [];
  for (const query of queryClient.getQueryCache().findAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = rewriteRelease(data, releaseId, update);
    if (next !== data) {
      queryClient.setQueryData(query.queryKey, next);
      touched.push(query.queryKey);
    }
  }
  return touched;
}

/** What release summaries carry about the viewer's own entry. */
export function toViewerEntry(entry: Entry | null): ViewerEntry | null {
  if (!entry) return null;
  return {
    id: entry.id,
    rating: entry.rating?.rating ?? null,
    hasReview: entry.review !== null,
    hasTrackVotes: entry.hasTrackVotes,
  };
}

/** Sets the viewer entry on a cached release. */
export const withViewerEntry =
  (entry: Entry | null): ReleaseUpdate =>
  (release) => ({ ...release, viewerEntry: toViewerEntry(entry) });

/**
 * Moves one track's counters by the change of the viewer's own vote, so each
 * count changes by at most one whatever else happened meanwhile.
 */
export function withTrackVoteChange(
  trackId: string,
  before: number | null,
  after: number | null,
  entry: Entry,
): ReleaseUpdate {
  const up = Number(after === 1) - Number(before === 1);
  const down = Number(after === -1) - Number(before === -1);
  return (release) => {
    const next: ReleaseSummary & { tracks?: Track[] } = {
      ...release,
      viewerEntry: toViewerEntry(entry),
    };
    if (release.tracks) {
      next.tracks = release.tracks.map((track) =>
        track.id === trackId
          ? {
              ...track,
              upvotes: Math.max(0, track.upvotes + up),
              downvotes: Math.max(0, track.downvotes + down),
            }
          : track,
      );
    }
    return next;
  };
}
