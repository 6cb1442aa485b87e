import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { PagedReleases, Release } from '@earmark/common';
import { makePage, makeRelease, makeReleaseSummary, makeTrack } from '../releases/test-support';
import {
  rewriteRelease,
  updateCachedRelease,
  withTrackVoteChange,
  withViewerEntry,
} from './release-cache';
import { isFutureRelease } from './release-timing';
import { rated, withVotes } from './test-support';

describe('release cache', () => {
  it('rewrites the release inside infinite pages and leaves the rest untouched', () => {
    const other = makeReleaseSummary({ id: 'r2' });
    const data: InfiniteData<PagedReleases> = {
      pages: [makePage([other]), makePage([makeReleaseSummary(), other])],
      pageParams: [1, 2],
    };
    const next = rewriteRelease(data, 'r1', withViewerEntry(rated(85)));
    expect(next).not.toBe(data);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]!.releases[1]).toBe(other);
    expect(next.pages[1]!.releases[0]!.viewerEntry).toEqual({
      id: 'e1',
      rating: 85,
      hasReview: false,
      hasTrackVotes: false,
    });
    expect(rewriteRelease(data, 'r9', withViewerEntry(null))).toBe(data);
  });

  it('moves track counts by one step per change of the own vote', () => {
    const release = makeRelease({ tracks: [makeTrack({ upvotes: 3, downvotes: 2 })] });
    const swap = rewriteRelease(
      release,
      'r1',
      withTrackVoteChange('t1', 1, -1, withVotes({ t1: -1 })),
    );
    expect((swap as Release).tracks[0]).toMatchObject({ upvotes: 2, downvotes: 3 });
    const undo = rewriteRelease(release, 'r1', withTrackVoteChange('t1', 1, null, withVotes({})));
    expect((undo as Release).tracks[0]).toMatchObject({ upvotes: 2, downvotes: 2 });
  });

  it('updates every cached query holding the release and says which', () => {
    const client = new QueryClient();
    client.setQueryData(['releases', 'detail', 'r1'], makeRelease());
    client.setQueryData(['artists', 'a1'], { id: 'a1', releases: [makeReleaseSummary()] });
    client.setQueryData(['genres', 'g1'], { id: 'g1', name: 'Dream Pop' });
    const touched = updateCachedRelease(client, 'r1', withViewerEntry(null));
    expect(touched).toEqual([
      ['releases', 'detail', 'r1'],
      ['artists', 'a1'],
    ]);
    expect(client.getQueryData<Release>(['releases', 'detail', 'r1'])?.viewerEntry).toBeNull();
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
