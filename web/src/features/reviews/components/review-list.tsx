import type { ReactNode } from 'react';
import type { Entry } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { ReviewIcon } from '../../../components/icons';
import { reviewsFilter } from '../api';
import { NO_REVIEWS_TEXT } from '../format';
import type { ReviewSort } from '../api';
import { EntryFeed } from './entry-feed';
import { ReviewCard } from './review-card';

export interface ReviewListProps {
  sort: ReviewSort;
  /** Only the reviews of this release (the card then leaves the release out). */
  releaseId?: string;
  /** Only the reviews of this user (the card then leaves the author out). */
  userId?: string;
  /** Accessible name of the list. */
  label: string;
  /** Replaces the default empty state. */
  empty?: ReactNode;
}

const hasReview = (entry: Entry) => entry.review !== null;

/** Reviews, newest or top first, loading more as the reader scrolls. */
export function ReviewList({ sort, releaseId, userId, label, empty }: ReviewListProps) {
  return (
    <EntryFeed
      filter={reviewsFilter(sort, { releaseId, userId })}
      label={label}
      include={hasReview}
      renderEntry={(entry) => (
        <ReviewCard entry={entry} showRelease={!releaseId} showUser={!userId} />
      )}
      empty={
        empty ?? (
          <EmptyState
            icon={<ReviewIcon size={28} />}
            title={NO_REVIEWS_TEXT}
            message="Reviews will show up here as people write them."
          />
        )
      }
    />
  );
}
