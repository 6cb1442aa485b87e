import { useId, useState } from 'react';
import { CommentTargetKind } from '@earmark/common';
import type { Track } from '@earmark/common';
import { ChevronDownIcon, ChevronRightIcon } from '../../../components/icons';
import { ROVING_ITEM } from '../../../components/use-roving-focus';
import { CommentsSection } from '../../comments';
import styles from './track-comments.module.css';

/**
 * A track's comments behind a 'Comments' disclosure: the thread loads (and
 * its live room is joined) only while it is open. The toggle is one of the
 * track list's arrow-key stops.
 */
export function TrackComments({ track }: { track: Track }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        {...ROVING_ITEM}
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
        Comments<span className="visually-hidden"> on {track.title}</span>
      </button>
      {open && (
        <div id={panelId} className={styles.panel}>
          <CommentsSection
            entityType={CommentTargetKind.RELEASE_TRACK}
            entityId={track.id}
            title={`Comments on ${track.title}`}
            headingLevel={3}
            className={styles.section}
          />
        </div>
      )}
    </>
  );
}
