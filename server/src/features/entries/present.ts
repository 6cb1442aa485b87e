import type { Entry, ReleaseSummary, Tag, TrackVote } from '@earmark/common';
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

/**
 * An entry bundle whose release is its id alone: its card is one the
 * instance keeps (see ReleaseCards and presentEntriesOnCards).
 */
export type EntryBundleOnCard = Omit<EntryBundle, 'release'> & { release: { id: string } };

/** Entries as everyone sees them: no review vote or entry of the viewer's. */
export function presentPublicEntries(bundles: readonly EntryBundle[]): Entry[] {
  return bundles.map((bundle) => presentEntry(bundle, toReleaseSummary(bundle.release)));
}

/**
 * Entries as everyone sees them, each with its release's kept card
 * (`cards`, by release); one whose release has none (hidden since its
 * page was read) is left out.
 */
export function presentEntriesOnCards(
  bundles: readonly EntryBundleOnCard[],
  cards: ReadonlyMap<string, ReleaseSummary>,
): Entry[] {
  return bundles.flatMap((bundle) => {
    const card = cards.get(bundle.release.id);
    return card ? [presentEntry(bundle, card)] : [];
  });
}

/** An entry as everyone sees it, on its release's card. */
function presentEntry(
  { entry: e, user, release: { id: releaseId }, tags, trackVotes: votes }: EntryBundleOnCard,
  card: ReleaseSummary,
): Entry {
  return {
    id: e.id,
    releaseId,
    user: toUserRef(user),
    rating:
      e.rating === null ? null : { rating: e.rating, updatedAt: e.ratingUpdatedAt ?? e.updatedAt },
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
    release: card,
  };
}
