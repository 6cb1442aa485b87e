import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser, Entry, ReleaseSummary } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { EditIcon } from '../../../components/extra-icons';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useEntryBusy, useMyEntry } from '../api';
import { isFutureRelease } from '../release-timing';
import { AddToListSlot } from '../../../components/add-to-list-slot';
import { DeleteEntryButton } from './delete-entry-button';
import { RatingControl } from './rating-control';
import { ReviewEditor } from './review-editor';
import { TagPicker } from './tag-picker';
import styles from './entry-panel.module.css';

export const FUTURE_RELEASE_NOTE =
  'This release is not out yet: you can rate it and vote on its tracks from its release date.';

/**
 * The viewer's entry on the release page: rating, tags, review, the list
 * slot and deletion. Visitors get an invitation to log in instead.
 */
export function EntryPanel({ release }: { release: ReleaseSummary }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  if (user === undefined) return null;
  if (user === null) {
    return (
      <p className={styles.invite}>
        <Link to={paths.login.href(location.pathname)}>Log in</Link> to rate, review and tag this
        release.
      </p>
    );
  }
  return <ViewerEntry release={release} user={user} />;
}

function ViewerEntry({ release, user }: { release: ReleaseSummary; user: CurrentUser }) {
  const mine = useMyEntry(release.id);
  const headingId = useId();

  let body;
  if (mine.isPending) body = <Spinner size={20} label="Loading your entry" />;
  else if (mine.isError) {
    body = (
      <div className={styles.error}>
        <p>Your entry could not be loaded.</p>
        <Button variant="secondary" size="small" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else body = <EntryControls release={release} user={user} entry={mine.data} />;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Your entry
      </h2>
      {body}
    </section>
  );
}

function EntryControls({
  release,
  user,
  entry,
}: {
  release: ReleaseSummary;
  user: CurrentUser;
  entry: Entry | null;
}) {
  const busy = useEntryBusy(release.id);
  const [writing, setWriting] = useState(false);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const future = isFutureRelease(release.date);

  function closeEditor() {
    setWriting(false);
    // The editor is gone; put focus back where it was opened from.
    requestAnimationFrame(() => reviewButton.current?.focus());
  }

  return (
    <div className={styles.controls}>
      {future ? (
        <p className={styles.note}>{FUTURE_RELEASE_NOTE}</p>
      ) : (
        <RatingControl releaseId={release.id} entry={entry} />
      )}
      <TagPicker releaseId={release.id} entry={entry} userId={user.id} />
      {writing ? (
        <ReviewEditor releaseId={release.id} entry={entry} onDone={closeEditor} />
      ) : (
        <div className={styles.actions}>
          <Button
            ref={reviewButton}
            variant="secondary"
            size="small"
            icon={<EditIcon size={16} />}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) setWriting(true);
            }}
          >
            {entry?.review ? 'Edit your review' : 'Write a review'}
          </Button>
          <AddToListSlot release={release} />
          {entry && <DeleteEntryButton releaseId={release.id} />}
        </div>
      )}
    </div>
  );
}
