import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { formatDuration, totalDuration } from '@earmark/common';
import type { Track } from '@earmark/common';
import { VoteDownIcon, VoteUpIcon } from '../../../components/extra-icons';
import { ROVING_HINT, useRovingFocus } from '../../../components/use-roving-focus';
import { downvoteShare } from '../format';
import styles from './track-list.module.css';

/** '12 tracks · 45:31', or null unless every track has a duration. */
export function trackFooterText(tracks: readonly Track[]): string | null {
  const total = totalDuration(tracks);
  if (total === null) return null;
  const count = `${tracks.length} ${tracks.length === 1 ? 'track' : 'tracks'}`;
  return `${count} · ${formatDuration(total)}`;
}

/**
 * The track list panel. Each row is tinted red in proportion to the share
 * of its votes that are down-votes, so the least liked tracks stand out.
 * `trackActions` renders the viewer's two vote buttons (with the totals) on
 * each row; without it, rows show the totals alone. `trackDetails` adds a
 * part under each row whose toggle joins the group (a track's comments). The
 * vote buttons and toggles are one stop in the tab order (arrow keys move
 * between them), so a keyboard user reaches the reviews after the list
 * without passing every one.
 */
export function TrackList({
  tracks,
  trackActions,
  trackDetails,
}: {
  tracks: readonly Track[];
  trackActions?: ((track: Track) => ReactNode) | undefined;
  /** More about a track under its row (its comments). */
  trackDetails?: ((track: Track) => ReactNode) | undefined;
}) {
  const headingId = useId();
  // Stops per row: the two votes, then the details toggle.
  const rovingRef = useRovingFocus<HTMLOListElement>(
    (trackActions ? 2 : 0) + (trackDetails ? 1 : 0),
  );
  const ordered = [...tracks].sort((a, b) => a.order - b.order);
  const footer = trackFooterText(ordered);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Tracks
      </h2>
      {ordered.length === 0 ? (
        <p className={styles.empty}>No tracks are listed for this release yet.</p>
      ) : (
        <>
          {(trackActions || trackDetails) && <p className="visually-hidden">{ROVING_HINT}</p>}
          <ol ref={rovingRef} className={styles.list}>
            {ordered.map((track) => (
              <li
                key={track.id}
                className={styles.row}
                style={{ '--downvote-share': downvoteShare(track) } as CSSProperties}
              >
                <span className={styles.number}>{track.track}</span>
                <span className={styles.title}>{track.title}</span>
                <span className={styles.duration}>
                  {track.durationMs !== null && (
                    <>
                      <span className="visually-hidden">Duration </span>
                      {formatDuration(track.durationMs)}
                    </>
                  )}
                </span>
                <span className={styles.votes}>
                  {trackActions ? trackActions(track) : <VoteTotals track={track} />}
                </span>
                {trackDetails && <div className={styles.details}>{trackDetails(track)}</div>}
              </li>
            ))}
          </ol>
        </>
      )}
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}

/** Favourite / least favourite totals, for tracks someone voted on. */
function VoteTotals({ track }: { track: Track }) {
  if (track.upvotes === 0 && track.downvotes === 0) return null;
  return (
    <>
      <span className={styles.total}>
        <VoteUpIcon size={13} />
        {track.upvotes}
        <span className="visually-hidden"> favourite</span>
      </span>
      <span className={styles.total}>
        <VoteDownIcon size={13} />
        {track.downvotes}
        <span className="visually-hidden"> least favourite</span>
      </span>
    </>
  );
}
