import type { Entry, Tag, TrackVote } from '@earmark/common';
import type { EntryRow } from '../../db/schema/entries';
import { toReleaseSummary, type ReleaseCardRow } from '../releases/present';
import { toUserRef, type UserRefColumns } from '../users/present';

/**
 * Entries in the API shape: pure shaping of what the queries (queries.ts)
 * read, no database access.
 */

export type EntryUserRow = UserRefColumns;

/** What an entry's API shape is made of, of its own row. */
export type EntryCardRow = Pick<
  EntryRow,
  | 'id'
  | 'releaseId'
  | 'rating'
  | 'ratingUpdatedAt'
  | 'review'
  | 'reviewCreatedAt'
  | 'reviewUpdatedAt'
  | 'reviewUpvotes'
  | 'reviewDownvotes'
  | 'trackVotesCount'
  | 'commentsCount'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * An entry row with its owner, its release (with its artists), its tags and
 * its track votes, as the list queries select them (one statement).
 */
export interface EntryBundle {
  entry: EntryCardRow;
  user: EntryUserRow;
  release: ReleaseCardRow;
  tags: Tag[];
  trackVotes: TrackVote[];
}

/** Entries as everyone sees them: no review vote or entry of the viewer's. */
export function presentPublicEntries(bundles: readonly EntryBundle[]): Entry[] {
  return bundles.map(({ entry: e, user, release, tags, trackVotes: votes }) => {
    return {
      id: e.id,
      releaseId: e.releaseId,
      user: toUserRef(user),
      rating:
        e.rating === null
          ? null
          : { rating: e.rating, updatedAt: (e.ratingUpdatedAt ?? e.updatedAt).toISOString() },
      review:
        e.review === null
          ? null
          : {
              body: e.review,
              createdAt: (e.reviewCreatedAt ?? e.createdAt).toISOString(),
              updatedAt: (e.reviewUpdatedAt ?? e.updatedAt).toISOString(),
              upvotes: e.reviewUpvotes,
              downvotes: e.reviewDownvotes,
              myVote: null,
              commentsCount: e.commentsCount,
            },
      reviewId: e.review === null ? null : e.id,
      tags,
      trackVotes: votes,
      hasTrackVotes: e.trackVotesCount > 0,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      release: toReleaseSummary(release),
    };
  });
}
