import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ContributorStatus, VoteType } from '@earmark/common';
import type { ReleaseGenreVotes } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useChangeGenreVote, useReleaseGenreVotes } from '../api';
import styles from './genre-voting.module.css';

type GenreVote = ReleaseGenreVotes[number];

/**
 * Up and down votes on the genres of a release, for signed-in contributors
 * (visitors see only the resulting genres). Voting the same way again
 * withdraws the vote.
 */
export function GenreVoting({
  releaseId,
  releaseQueryKey,
}: {
  releaseId: string;
  releaseQueryKey: readonly unknown[];
}) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const canVote = !!user && user.contributorStatus >= ContributorStatus.CONTRIBUTOR;
  const votes = useReleaseGenreVotes(releaseId, canVote && open);
  const change = useChangeGenreVote(releaseId, releaseQueryKey);

  if (!canVote) return null;

  function vote(genre: GenreVote, direction: 1 | -1) {
    if (genre.myVote?.vote === direction) {
      change.mutate({ kind: 'remove', genreId: genre.id, voteId: genre.myVote.id });
    } else {
      change.mutate({ kind: 'vote', genreId: genre.id, vote: direction });
    }
  }

  const busyGenre = change.isPending ? change.variables.genreId : null;

  return (
    <div className={styles.voting}>
      <Button
        variant="text"
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide genre votes' : 'Vote on genres'}
      </Button>
      {open && (
        <div id={panelId} className={styles.panel}>
          {votes.isPending && <Spinner size={20} label="Loading genre votes" />}
          {votes.isError && <p className={styles.note}>Genre votes could not be loaded.</p>}
          {votes.isSuccess && votes.data.length === 0 && (
            <p className={styles.note}>Nobody has voted on a genre for this release yet.</p>
          )}
          {votes.isSuccess && votes.data.length > 0 && (
            <ul className={styles.list} aria-label="Genre votes">
              {votes.data.map((genre) => (
                <li key={genre.id} className={styles.row}>
                  <Link to={paths.genre.href(genre.id)} className={styles.name}>
                    {genre.name}
                  </Link>
                  <span className={styles.score} title="Score (up votes minus down votes)">
                    {genre.score > 0 ? `+${genre.score}` : genre.score}
                  </span>
                  <VoteButton
                    direction={VoteType.UP}
                    genre={genre}
                    disabled={busyGenre === genre.id}
                    onVote={vote}
                  />
                  <VoteButton
                    direction={VoteType.DOWN}
                    genre={genre}
                    disabled={busyGenre === genre.id}
                    onVote={vote}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function VoteButton({
  direction,
  genre,
  disabled,
  onVote,
}: {
  direction: 1 | -1;
  genre: GenreVote;
  disabled: boolean;
  onVote: (genre: GenreVote, direction: 1 | -1) => void;
}) {
  const up = direction === VoteType.UP;
  const pressed = genre.myVote?.vote === direction;
  const count = up ? genre.upvotes : genre.downvotes;
  // Named by its text, which starts with the count it shows: '5 votes for Dream Pop'.
  const rest = `${count === 1 ? 'vote' : 'votes'} ${up ? 'for' : 'against'} ${genre.name}`;
  return (
    <button
      type="button"
      className={`${styles.vote} ${up ? styles.up : styles.down}`}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onVote(genre, direction)}
    >
      {up ? <VoteUpIcon size={16} /> : <VoteDownIcon size={16} />}
      <span>{count}</span>
      <span className="visually-hidden"> {rest}</span>
    </button>
  );
}
