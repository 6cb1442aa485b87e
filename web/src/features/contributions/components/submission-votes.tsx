import { Link } from 'react-router';
import { VoteType } from '@earmark/common';
import type { SubmissionVote } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { paths } from '../../../lib/paths';
import styles from './submission-votes.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** Who voted on a submission, each with an up or down arrow. */
export function SubmissionVotes({ votes }: { votes: readonly SubmissionVote[] }) {
  if (votes.length === 0) return <p className={styles.none}>No votes yet</p>;
  return (
    <ul className={styles.votes} aria-label="Votes">
      {votes.map((vote) => {
        const up = vote.type === VoteType.UP;
        const Icon = up ? VoteUpIcon : VoteDownIcon;
        return (
          <li key={vote.userId} className={styles.vote}>
            <span
              role="img"
              aria-label={up ? 'Up vote' : 'Down vote'}
              className={up ? styles.up : styles.down}
            >
              <Icon size={18} aria-hidden="true" />
            </span>
            <Avatar user={vote.user} size={24} />
            <Link to={paths.user.href(vote.user.username)} className={styles.voter}>
              {vote.user.name || vote.user.username}
            </Link>
            <SupporterBadge user={vote.user} />
          </li>
        );
      })}
    </ul>
  );
}
