import { VoteType } from '@earmark/common';
import type { EntryReview } from '@earmark/common';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { useReviewVote } from '../api';
import styles from './review-votes.module.css';

/** '+4', '0', '−2' (a real minus sign). */
export function formatNetScore(net: number): string {
  if (net > 0) return `+${net}`;
  if (net < 0) return `−${Math.abs(net)}`;
  return '0';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export interface ReviewVotesProps {
  entryId: string;
  /** The review's author, who cannot vote on it. */
  authorId: string;
  review: Pick<EntryReview, 'upvotes' | 'downvotes' | 'myVote'>;
}

/**
 * Up and down votes on a review. Signed-in readers other than the author
 * vote (the same vote again takes it back); everyone else sees the totals.
 */
export function ReviewVotes({ entryId, authorId, review }: ReviewVotesProps) {
  const { user } = useCurrentUser();
  const mutation = useReviewVote();
  const net = review.upvotes - review.downvotes;
  const totals = `${plural(review.upvotes, 'up-vote')}, ${plural(review.downvotes, 'down-vote')}`;

  if (!user || user.id === authorId) {
    return (
      <p className={styles.totals} title={totals}>
        <span className={styles.count}>
          <VoteUpIcon size={16} />
          <span aria-hidden="true">{review.upvotes}</span>
        </span>
        <span className={styles.count}>
          <VoteDownIcon size={16} />
          <span aria-hidden="true">{review.downvotes}</span>
        </span>
        <span className="visually-hidden">{totals}</span>
      </p>
    );
  }

  const cast = (vote: VoteType) =>
    mutation.mutate({ entryId, vote: review.myVote === vote ? null : vote });

  return (
    <div className={styles.voting} role="group" aria-label="Vote on this review">
      <button
        type="button"
        className={styles.button}
        aria-label="Vote up"
        aria-pressed={review.myVote === VoteType.UP}
        disabled={mutation.isPending}
        onClick={() => cast(VoteType.UP)}
      >
        <VoteUpIcon size={18} />
      </button>
      <span className={styles.score} title={totals} aria-live="polite">
        <span className="visually-hidden">Score </span>
        {formatNetScore(net)}
      </span>
      <button
        type="button"
        className={styles.button}
        aria-label="Vote down"
        aria-pressed={review.myVote === VoteType.DOWN}
        disabled={mutation.isPending}
        onClick={() => cast(VoteType.DOWN)}
      >
        <VoteDownIcon size={18} />
      </button>
    </div>
  );
}
