import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  RELEASE_TRACKS_MAX,
  TRACK_NUMBER_MAX_LENGTH,
  TRACK_TITLE_MAX_LENGTH,
  formatDuration,
  parseDuration,
  totalDuration,
} from '@earmark/common';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { IconButton } from '../../../components/icon-button';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { SortHandle, SortableOrder, useSortableRow } from '../../../components/sortable-order';
import { TextField } from '../../../components/text-field';
import { emptyTrack } from '../release-form-values';
import type { ReleaseFormValues, TrackRow } from '../release-form-values';
import layout from './form-layout.module.css';
import styles from './track-editor.module.css';

interface SortableTrack {
  id: string;
  /** How announcements name it ('track 2, Tide'). */
  label: string;
}

const announced = (item: SortableTrack) => item.label;

function trackLabel(row: TrackRow | undefined, index: number) {
  const number = row?.track.trim() || String(index + 1);
  const title = row?.title.trim();
  return title ? `track ${number}, ${title}` : `track ${number}`;
}

/** True while the numbers are 1, 2, 3…: moving or removing a row then keeps them so. */
const numberedInOrder = (rows: readonly TrackRow[]) =>
  rows.every((row, index) => row.track.trim() === String(index + 1));

/** A track's number following the last row's (or the next place when that is not a number). */
function nextNumber(rows: readonly TrackRow[]) {
  const last = Number(rows.at(-1)?.track.trim());
  return String(Number.isInteger(last) && last > 0 ? last + 1 : rows.length + 1);
}

/**
 * The release's tracks: number (or side label), title and duration per row;
 * rows move by dragging their handle or by keyboard, and the footer counts
 * them and adds up their durations once every track has one.
 */
export function TrackEditor() {
  const {
    control,
    register,
    getValues,
    setValue,
    setFocus,
    formState: { errors },
  } = useFormContext<ReleaseFormValues>();
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'tracks' });
  const rows = useWatch({ control, name: 'tracks' });
  const [asking, setAsking] = useState(false);
  const addButton = useRef<HTMLButtonElement | null>(null);
  /**
   * Where focus goes once rows were added or removed: a title to type in
   * (after 'Add tracks', once its dialog has given focus back, or a row
   * taking a removed one's place), or the add button when no row is left.
   */
  const focusNext = useRef<`tracks.${number}.title` | 'add' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'add') addButton.current?.focus();
    else if (next) setFocus(next);
  }, [fields.length, setFocus]);
  const items: SortableTrack[] = fields.map((field, index) => ({
    id: field.id,
    label: trackLabel(rows[index] ?? field, index),
  }));

  function renumber() {
    getValues('tracks').forEach((_, index) =>
      setValue(`tracks.${index}.track`, String(index + 1), { shouldDirty: true }),
    );
  }
  function moveTrack(from: number, to: number) {
    const keepNumbers = numberedInOrder(getValues('tracks'));
    move(from, to);
    if (keepNumbers) renumber();
  }
  function removeTrack(index: number) {
    const keepNumbers = numberedInOrder(getValues('tracks'));
    const left = getValues('tracks').length - 1;
    focusNext.current = left > 0 ? `tracks.${Math.min(index, left - 1)}.title` : 'add';
    remove(index);
    if (keepNumbers) renumber();
  }

  const durations = rows.map((row) => ({ durationMs: parseDuration(row.duration) ?? null }));
  const total = totalDuration(durations);
  const count = fields.length;

  return (
    <fieldset className={layout.group}>
      <legend className={layout.legend}>Tracks</legend>
      {count > 0 && (
        <SortableOrder
          items={items}
          titleOf={announced}
          noun="track"
          onMove={moveTrack}
          onPickUp={() => {
            if ('vibrate' in navigator) navigator.vibrate(100);
          }}
        >
          <div className={styles.head} aria-hidden="true">
            <span />
            <span>No.</span>
            <span>Title</span>
            <span>Duration</span>
          </div>
          <ol className={styles.tracks} aria-label="Tracks, in order">
            {fields.map((field, index) => {
              const rowErrors = errors.tracks?.[index];
              const durationField = register(`tracks.${index}.duration`, {
                onBlur: (event: { target: { value: string } }) => {
                  const ms = parseDuration(event.target.value);
                  if (ms !== null && ms !== undefined) {
                    setValue(`tracks.${index}.duration`, formatDuration(ms));
                  }
                },
              });
              return (
                <TrackRowItem
                  key={field.id}
                  id={field.id}
                  label={items[index]?.label ?? ''}
                  position={index + 1}
                  count={count}
                  onRemove={() => removeTrack(index)}
                >
                  <TextField
                    label={`Track ${index + 1} number`}
                    hideLabel
                    className={styles.number}
                    autoComplete="off"
                    maxLength={TRACK_NUMBER_MAX_LENGTH}
                    error={rowErrors?.track?.message}
                    {...register(`tracks.${index}.track`)}
                  />
                  <TextField
                    label={`Track ${index + 1} title`}
                    hideLabel
                    className={styles.title}
                    autoComplete="off"
                    maxLength={TRACK_TITLE_MAX_LENGTH}
                    error={rowErrors?.title?.message}
                    {...register(`tracks.${index}.title`)}
                  />
                  <TextField
                    label={`Track ${index + 1} duration`}
                    hideLabel
                    className={styles.duration}
                    placeholder="m:ss"
                    autoComplete="off"
                    error={rowErrors?.duration?.message}
                    {...durationField}
                  />
                </TrackRowItem>
              );
            })}
          </ol>
        </SortableOrder>
      )}
      {errors.tracks?.message && (
        <p className={layout.error} role="alert">
          {errors.tracks.message}
        </p>
      )}
      <p className={styles.footer} aria-live="polite">
        {count === 0
          ? 'No tracks yet.'
          : `${count} ${count === 1 ? 'track' : 'tracks'}` +
            (total !== null ? ` · total ${formatDuration(total)}` : '')}
      </p>
      <div className={layout.actions}>
        {count === 0 ? (
          <Button
            ref={addButton}
            variant="secondary"
            icon={<PlusIcon size={16} />}
            onClick={() => setAsking(true)}
          >
            Add tracks
          </Button>
        ) : (
          <Button
            ref={addButton}
            variant="secondary"
            icon={<PlusIcon size={16} />}
            disabled={count >= RELEASE_TRACKS_MAX}
            onClick={() =>
              append(emptyTrack(nextNumber(getValues('tracks'))), {
                focusName: `tracks.${count}.title`,
              })
            }
          >
            Add a track
          </Button>
        )}
      </div>
      <AddTracksDialog
        open={asking}
        onClose={() => setAsking(false)}
        onAdd={(n) => {
          replace(Array.from({ length: n }, (_, index) => emptyTrack(String(index + 1))));
          setAsking(false);
          focusNext.current = 'tracks.0.title';
        }}
      />
    </fieldset>
  );
}

function TrackRowItem({
  id,
  label,
  position,
  count,
  onRemove,
  children,
}: {
  id: string;
  label: string;
  position: number;
  count: number;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { rowRef, rowStyle, rowClassName, handleProps } = useSortableRow(id);
  return (
    <li ref={rowRef} style={rowStyle} className={`${rowClassName} ${styles.row}`}>
      <SortHandle
        label={`Move ${label}, position ${position} of ${count}`}
        handleProps={handleProps}
      />
      {children}
      <IconButton
        label={`Remove ${label}`}
        icon={<CloseIcon />}
        size="small"
        className={styles.remove}
        onClick={onRemove}
      />
    </li>
  );
}

/** Asks how many tracks to start with; they are numbered from 1 with empty titles. */
function AddTracksDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (count: number) => void;
}) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    setText('');
    setError(undefined);
    onClose();
  }

  return createPortal(
    <Dialog open={open} onClose={close} title="Add tracks" initialFocusRef={inputRef}>
      <form
        className={layout.dialogForm}
        noValidate
        onSubmit={(event) => {
          // The dialog sits inside the release form in React's tree: its submit stays here.
          event.preventDefault();
          event.stopPropagation();
          const n = Number(text);
          if (!Number.isInteger(n) || n < 1 || n > RELEASE_TRACKS_MAX) {
            setError(`Enter a whole number from 1 to ${RELEASE_TRACKS_MAX}`);
            return;
          }
          setText('');
          setError(undefined);
          onAdd(n);
        }}
      >
        <TextField
          ref={inputRef}
          label="Number of tracks"
          type="number"
          inputMode="numeric"
          min={1}
          max={RELEASE_TRACKS_MAX}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className={layout.dialogActions}>
          <Button variant="text" onClick={close}>
            Cancel
          </Button>
          <Button type="submit">Add</Button>
        </div>
      </form>
    </Dialog>,
    document.body,
  );
}
