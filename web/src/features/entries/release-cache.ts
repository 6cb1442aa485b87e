import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  Artist,
  Entry,
  PagedEntries,
  PagedReleases,
  Release,
  ReleaseSummary,
  ViewerEntry,
} from '@earmark/common';
import { mapItems, mapPages, updateQueries } from '../../lib/cache-updates';
import { artistKeys, entryKeys, releaseKeys } from '../../lib/query-keys';

/**
 * One release can sit in many cached answers at once: its own page, release
 * lists (paged and infinite), an artist's discography, entry lists and review
 * pages. After an entry action every copy must show the same viewer entry and
 * track counts. Each kind of answer that carries releases is listed here by
 * its key and type, and only the copies of this release change (every other
 * object stays as it was, so only the queries that hold it re-render).
 */

/** A change to one release: its summary fields, and on the release page its tracks. */
export interface ReleaseUpdate {
  summary: <R extends ReleaseSummary>(release: R) => R;
  tracks?: (tracks: Release['tracks']) => Release['tracks'];
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
  const summary = <R extends ReleaseSummary>(release: R): R =>
    release.id === releaseId ? update.summary(release) : release;
  const inReleases = (page: PagedReleases): PagedReleases => {
    const releases = mapItems(page.releases, summary);
    return releases === page.releases ? page : { ...page, releases };
  };
  const inEntry = (entry: Entry): Entry => {
    const release = summary(entry.release);
    return release === entry.release ? entry : { ...entry, release };
  };
  const inEntries = (page: PagedEntries): PagedEntries => {
    const entries = mapItems(page.entries, inEntry);
    return entries === page.entries ? page : { ...page, entries };
  };

  return [
    ...updateQueries<Release>(queryClient, releaseKeys.detail(releaseId), (release) => {
      const next = update.summary(release);
      return update.tracks ? { ...next, tracks: update.tracks(release.tracks) } : next;
    }),
    ...updateQueries<PagedReleases>(queryClient, releaseKeys.pages(), inReleases),
    ...updateQueries<InfiniteData<PagedReleases>>(queryClient, releaseKeys.lists(), (data) =>
      mapPages(data, inReleases),
    ),
    ...updateQueries<Artist>(queryClient, artistKeys.details(), (artist) => {
      const releases = mapItems(artist.releases, summary);
      return releases === artist.releases ? artist : { ...artist, releases };
    }),
    ...updateQueries<Entry>(queryClient, entryKeys.details(), inEntry),
    ...updateQueries<Entry[]>(queryClient, entryKeys.followings(), (entries) =>
      mapItems(entries, inEntry),
    ),
    ...updateQueries<PagedEntries>(queryClient, entryKeys.pages(), inEntries),
    ...[entryKeys.lists(), entryKeys.userLists()].flatMap((key) =>
      updateQueries<InfiniteData<PagedEntries>>(queryClient, key, (data) =>
        mapPages(data, inEntries),
      ),
    ),
  ];
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
export const withViewerEntry = (entry: Entry | null): ReleaseUpdate => ({
  summary: (release) => ({ ...release, viewerEntry: toViewerEntry(entry) }),
});

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
  return {
    ...withViewerEntry(entry),
    tracks: (tracks) =>
      tracks.map((track) =>
        track.id === trackId
          ? {
              ...track,
              upvotes: Math.max(0, track.upvotes + up),
              downvotes: Math.max(0, track.downvotes + down),
            }
          : track,
      ),
  };
}
