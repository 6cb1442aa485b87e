import { VoteType } from '@earmark/common';
import type { Entry, Track } from '@earmark/common';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { ROVING_HINT, ROVING_ITEM, useRovingFocus } from '../../../components/use-roving-focus';
import { useCurrentUser } from '../../../lib/current-user';
import { useEntryBusy, useMyEntry, useTrackVote } from '../api';
import { isFutureRelease } from '../release-timing';
import styles from './track-votes.module.css';

export interface TrackVoting {
  /** The viewer's vote on a track, if any. */
  myVote: (trackId: string) => VoteType | null;
  /** Casts a vote; the same vote again takes it back. Ignored while busy. */
  vote: (trackId: string, vote: VoteType) => void;
  busy: boolean;
}

/** Favourite / least favourite votes of the viewer on a release's tracks. */
export function useTrackVoting(releaseId: string, entry: Entry | null): TrackVoting {
  const mutation = useTrackVote(releaseId);
  const busy = useEntryBusy(releaseId);
  return {
    myVote: (trackId) => entry?.trackVotes.find((v) => v.trackId === trackId)?.vote ?? null,
    vote: (trackId, vote) => {
      if (!busy) mutation.mutate({ trackId, vote });
    },
    busy,
  };
}

/**
 * Track voting for the signed-in viewer on a release that is out, once their
 * entry has loaded; null otherwise (visitors and future releases get none).
 */
export function useReleaseTrackVoting(release: {
  id: string;
  date: string | null;
}): TrackVoting | null {
  const { user } = useCurrentUser();
  const open = !!user && !isFutureRelease(release.date);
  const mine = useMyEntry(release.id, open);
  const voting = useTrackVoting(release.id, mine.data ?? null);
  return open && mine.isSuccess ? voting : null;
}

/**
 * The two vote buttons of one track, each with its total. They stay
 * focusable while an entry action runs (aria-disabled, not disabled), so a
 * keyboard user keeps their place in the list. Each is named by its text,
 * which starts with the total it shows: '3 favourite: Tide'.
 */
export function TrackVoteButtons({ track, voting }: { track: Track; voting: TrackVoting }) {
  const mine = voting.myVote(track.id);
  return (
    <span className={styles.votes}>
      <VoteButton
        pressed={mine === VoteType.UP}
        busy={voting.busy}
        trackTitle={track.title}
        count={track.upvotes}
        kind="up"
        onClick={() => voting.vote(track.id, VoteType.UP)}
      />
      <VoteButton
        pressed={mine === VoteType.DOWN}
        busy={voting.busy}
        trackTitle={track.title}
        count={track.downvotes}
        kind="down"
        onClick={() => voting.vote(track.id, VoteType.DOWN)}
      />
    </span>
  );
}

function VoteButton({
  pressed,
  busy,
  trackTitle,
  count,
  kind,
  onClick,
}: {
  pressed: boolean;
  busy: boolean;
  trackTitle: string;
  count: number;
  kind: 'up' | 'down';
  onClick: () => void;
}) {
  return (
    <button
      {...ROVING_ITEM}
      type="button"
      className={`${styles.vote} ${styles[kind]}`}
      aria-pressed={pressed}
      aria-disabled={busy || undefined}
      title={kind === 'up' ? 'Favourite' : 'Least favourite'}
      onClick={onClick}
    >
      {kind === 'up' ? <VoteUpIcon size={15} /> : <VoteDownIcon size={15} />}
      <span className={styles.count}>
        {count}
        <span className="visually-hidden">
          {kind === 'up' ? ' favourite' : ' least favourite'}: {trackTitle}
        </span>
      </span>
    </button>
  );
}

/** A compact track list with vote buttons (the card popup), one stop in the tab order. */
export function TrackVoteList({
  tracks,
  voting,
}: {
  tracks: readonly Track[];
  voting: TrackVoting;
}) {
  const rovingRef = useRovingFocus<HTMLOListElement>(2);
  const ordered = [...tracks].sort((a, b) => a.order - b.order);
  if (ordered.length === 0) return <p className={styles.empty}>No tracks are listed yet.</p>;
  return (
    <>
      <p className="visually-hidden">{ROVING_HINT}</p>
      <ol ref={rovingRef} className={styles.list} aria-label="Track votes">
        {ordered.map((track) => (
          <li key={track.id} className={styles.row}>
            <span className={styles.number}>{track.track}</span>
            <span className={styles.title} title={track.title}>
              {track.title}
            </span>
            <TrackVoteButtons track={track} voting={voting} />
          </li>
        ))}
      </ol>
    </>
  );
}
