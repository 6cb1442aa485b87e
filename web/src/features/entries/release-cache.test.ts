import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { Artist, PagedEntries, PagedReleases, Release, ReleaseSummary } from '@earmark/common';
import { artistKeys, entryKeys, genreKeys, releaseKeys } from '../../lib/query-keys';
import { makePage, makeRelease, makeReleaseSummary, makeTrack } from '../releases/test-support';
import { updateCachedRelease, withTrackVoteChange, withViewerEntry } from './release-cache';
import { isFutureRelease } from './release-timing';
import { makeEntry, rated, withVotes } from './test-support';

const makeArtist = (releases: ReleaseSummary[]): Artist => ({
  id: 'a1',
  name: 'Mira Vale',
  nameLatin: null,
  bio: null,
  releases,
});

describe('release cache', () => {
  const entryOnOther = makeEntry({ id: 'e2', release: makeReleaseSummary({ id: 'r2' }) });

  function cacheWithCopies() {
    const client = new QueryClient();
    const other = makeReleaseSummary({ id: 'r2' });
    const infinite: InfiniteData<PagedReleases> = {
      pages: [makePage([other]), makePage([makeReleaseSummary(), other])],
      pageParams: [1, 2],
    };
    client.setQueryData(releaseKeys.detail('r1'), makeRelease());
    client.setQueryData(releaseKeys.detail('r2'), makeRelease({ id: 'r2' }));
    client.setQueryData(releaseKeys.list({ type: 'new' }), infinite);
    client.setQueryData(releaseKeys.page({ type: 'top' }, 12), makePage([other]));
    client.setQueryData(artistKeys.detail('a1'), makeArtist([makeReleaseSummary(), other]));
    client.setQueryData(entryKeys.page({ sortBy: 'entry-date' }), {
      ...makePage([]),
      entries: [makeEntry(), entryOnOther],
    });
    client.setQueryData(genreKeys.detail('g1'), { id: 'g1', name: 'Dream Pop' });
    return { client, infinite, other };
  }

  it('rewrites the release in every cached answer that holds it, and says which', () => {
    const { client, infinite, other } = cacheWithCopies();
    const touched = updateCachedRelease(client, 'r1', withViewerEntry(rated(85)));
    expect(touched).toEqual([
      releaseKeys.detail('r1'),
      releaseKeys.list({ type: 'new' }),
      artistKeys.detail('a1'),
      entryKeys.page({ sortBy: 'entry-date' }),
    ]);
    const viewerEntry = { id: 'e1', rating: 85, hasReview: false, hasTrackVotes: false };
    expect(client.getQueryData<Release>(releaseKeys.detail('r1'))?.viewerEntry).toEqual(
      viewerEntry,
    );
    const next = client.getQueryData<InfiniteData<PagedReleases>>(
      releaseKeys.list({ type: 'new' }),
    )!;
    // Untouched pages and releases keep their identity, so they do not re-render.
    expect(next.pages[0]).toBe(infinite.pages[0]);
    expect(next.pages[1]!.releases[1]).toBe(other);
    expect(next.pages[1]!.releases[0]!.viewerEntry).toEqual(viewerEntry);
    const artist = client.getQueryData<Artist>(artistKeys.detail('a1'))!;
    expect(artist.releases[0]!.viewerEntry).toEqual(viewerEntry);
    const entries = client.getQueryData<PagedEntries>(entryKeys.page({ sortBy: 'entry-date' }))!;
    expect(entries.entries[0]!.release.viewerEntry).toEqual(viewerEntry);
    expect(entries.entries[1]).toBe(entryOnOther);
  });

  it('leaves the cache alone for a release it does not hold', () => {
    const { client } = cacheWithCopies();
    expect(updateCachedRelease(client, 'r9', withViewerEntry(null))).toEqual([]);
  });

  it('moves track counts on the release page by one step per change of the own vote', () => {
    const client = new QueryClient();
    const key = releaseKeys.detail('r1');
    client.setQueryData(key, makeRelease({ tracks: [makeTrack({ upvotes: 3, downvotes: 2 })] }));
    updateCachedRelease(client, 'r1', withTrackVoteChange('t1', 1, -1, withVotes({ t1: -1 })));
    expect(client.getQueryData<Release>(key)?.tracks[0]).toMatchObject({
      upvotes: 2,
      downvotes: 3,
    });
    updateCachedRelease(client, 'r1', withTrackVoteChange('t1', -1, null, withVotes({})));
    expect(client.getQueryData<Release>(key)?.tracks[0]).toMatchObject({
      upvotes: 2,
      downvotes: 2,
    });
  });
});

describe('isFutureRelease', () => {
  const now = new Date('2026-03-10T23:30:00Z');
  it('counts a release as out from its date (UTC day) on', () => {
    expect(isFutureRelease('2026-03-10', now)).toBe(false);
    expect(isFutureRelease('2026-03-11', now)).toBe(true);
    expect(isFutureRelease('2026-01-01', now)).toBe(false);
    expect(isFutureRelease(null, now)).toBe(false);
  });
});
