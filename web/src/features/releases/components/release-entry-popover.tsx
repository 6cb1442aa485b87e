import { useId, useRef, useState } from 'react';
import type { CSSProperties, FocusEvent } from 'react';
import { Link } from 'react-router';
import { formatRating } from '@earmark/common';
import type { ReleaseSummary } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { ChevronDownIcon } from '../../../components/icons';
import { Popover, PopoverAnchor } from '../../../components/popover';
import { Spinner } from '../../../components/spinner';
import {
  FUTURE_RELEASE_NOTE,
  RatingControl,
  TrackVoteList,
  isFutureRelease,
  useMyEntry,
  useTrackVoting,
} from '../../entries';
import { AddToListSlot } from '../../../components/add-to-list-slot';
import { useRelease } from '../api';
import styles from './release-entry-popover.module.css';

const PANEL_WIDTH_PX = 320;
const EDGE_GAP_PX = 8;

/**
 * Where the panel goes, relative to the button: under it, extending towards
 * the side with more room, and shifted as needed to stay inside the window
 * (on a phone it is nearly as wide as the screen).
 */
export function panelPlacement(
  button: { left: number; width: number },
  viewportWidth: number,
): CSSProperties {
  const width = Math.min(PANEL_WIDTH_PX, viewportWidth - 2 * EDGE_GAP_PX);
  const towardsLeft = button.left + button.width / 2 > viewportWidth / 2;
  const preferred = towardsLeft ? button.width - width : 0;
  const lowest = EDGE_GAP_PX - button.left;
  const highest = viewportWidth - EDGE_GAP_PX - width - button.left;
  const left = Math.max(lowest, Math.min(highest, preferred));
  return { left, right: 'auto', width };
}

/**
 * The signed-in viewer's quick entry on a release card: a button showing
 * their rating (or 'Rate') opens a panel with the rating control and the
 * track votes. Escape closes it and returns to the button; so does moving
 * focus or pressing outside it.
 */
export function ReleaseEntryPopover({ release }: { release: ReleaseSummary }) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<CSSProperties>({});
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const rating = release.viewerEntry?.rating ?? null;

  function show() {
    const box = anchorRef.current?.getBoundingClientRect();
    if (box) setPlacement(panelPlacement(box, window.innerWidth));
    setOpen(true);
    requestAnimationFrame(() => panelRef.current?.focus());
  }

  function close() {
    const focusInside = anchorRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (focusInside) buttonRef.current?.focus();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null;
    if (open && next && !anchorRef.current?.contains(next)) setOpen(false);
  }

  return (
    <PopoverAnchor
      ref={anchorRef}
      className={`${styles.anchor} ${open ? styles.open : ''}`}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.trigger} ${rating !== null ? styles.rated : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : show())}
      >
        {/* Named by its text, which starts with what it shows: 'Rate …' or '8.5 is …'. */}
        {rating !== null ? formatRating(rating) : 'Rate'}
        <span className="visually-hidden">
          {rating !== null ? ` is your rating for ${release.title}` : ` ${release.title}`}
        </span>
        <ChevronDownIcon size={14} />
      </button>
      <Popover
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-labelledby={headingId}
        tabIndex={-1}
        open={open}
        onClose={close}
        containerRef={anchorRef}
        className={styles.panel}
        style={placement}
      >
        <h3 id={headingId} className={styles.heading}>
          <Link to={paths.release.href(release.id)}>{release.title}</Link>
        </h3>
        <PopoverBody release={release} />
      </Popover>
    </PopoverAnchor>
  );
}

/** Loaded only while the popup is open: the viewer's entry and the release's tracks. */
function PopoverBody({ release }: { release: ReleaseSummary }) {
  const future = isFutureRelease(release.date);
  const mine = useMyEntry(release.id);
  const full = useRelease(release.id);
  const voting = useTrackVoting(release.id, mine.data ?? null);

  if (mine.isPending) return <Spinner size={20} label="Loading your entry" />;
  if (mine.isError) return <p className={styles.note}>Your entry could not be loaded.</p>;
  const entry = mine.data;

  return (
    <div className={styles.body}>
      {future ? (
        <p className={styles.note}>{FUTURE_RELEASE_NOTE}</p>
      ) : (
        <>
          <RatingControl releaseId={release.id} entry={entry} compact />
          <div className={styles.tracks}>
            <p className={styles.subheading}>Favourite tracks</p>
            {full.isPending && <Spinner size={20} label="Loading tracks" />}
            {full.isError && <p className={styles.note}>The tracks could not be loaded.</p>}
            {full.isSuccess && <TrackVoteList tracks={full.data.tracks} voting={voting} />}
          </div>
        </>
      )}
      <AddToListSlot release={release} />
    </div>
  );
}
