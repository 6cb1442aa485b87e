import type { Entry, Tag, TrackVote } from '@earmark/common';
import { toReleaseSummary, type ReleaseCardRow } from '../releases/present';
import { toUserRef, type UserRefColumns } from '../users/present';

/**
 * Entries in the API shape: pure shaping of what the queries (queries.ts)
 * read, no database access.
 */

export type EntryUserRow = UserRefColumns;

/**
 * What an entry's API shape is made of, of its own row; times as ISO text
 * (db/timestamps). Its release's id is its release's (EntryBundle), read once.
 */
export interface EntryCardRow {
  id: string;
  rating: number | null;
  ratingUpdatedAt: string | null;
  review: string | null;
  reviewCreatedAt: string | null;
  reviewUpdatedAt: string | null;
  reviewUpvotes: number;
  reviewDownvotes: number;
  trackVotesCount: number;
  commentsCount: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * An entry row with its owner, its release (with its artists), its tags and
 * its track votes, as the list queries select them (one statement).
 */
export interface EntryBundle {
  entry: EntryCardRow;
  user: EntryUserRow;
  release: ReleaseCardRow;
  /** Null when the entry has none (see entryPartsOf). */
  tags: Tag[] | null;
  trackVotes: TrackVote[] | null;
}

/** Entries as everyone sees them: no review vote or entry of the viewer's. */
export function presentPublicEntries(bundles: readonly EntryBundle[]): Entry[] {
  return bundles.map(({ entry: e, user, release, tags, trackVotes: votes }) => {
    return {
      id: e.id,
      releaseId: release.id,
      user: toUserRef(user),
      rating:
        e.rating === null
          ? null
          : { rating: e.rating, updatedAt: e.ratingUpdatedAt ?? e.updatedAt },
      review:
        e.review === null
          ? null
          : {
              body: e.review,
              createdAt: e.reviewCreatedAt ?? e.createdAt,
              updatedAt: e.reviewUpdatedAt ?? e.updatedAt,
              upvotes: e.reviewUpvotes,
              downvotes: e.reviewDownvotes,
              myVote: null,
              commentsCount: e.commentsCount,
            },
      reviewId: e.review === null ? null : e.id,
      tags: tags ?? [],
      trackVotes: votes ?? [],
      hasTrackVotes: e.trackVotesCount > 0,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      release: toReleaseSummary(release),
    };
  });
}
