import { useId, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import {
  RATING_MAX,
  RATING_MIN,
  RATING_SLIDER_STEP,
  formatRating,
  parseRatingInput,
} from '@earmark/common';
import type { Entry } from '@earmark/common';
import { Button } from '../../../components/button';
import { useEntryBusy, useSaveEntry } from '../api';
import { useDebouncedCommit } from '../use-debounced-commit';
import styles from './rating-control.module.css';

/** Pause in typing before a typed rating is saved (Enter or leaving the field saves at once). */
export const TYPED_SAVE_DELAY_MS = 700;
/** Pause after the last key or drag step before a slider rating is saved. */
export const SLIDER_SAVE_DELAY_MS = 400;

/**
 * Where an unrated slider's first step lands: the middle of the scale, so the
 * next keys move up or down from there. Until then the slider shows no thumb
 * and says "Not rated" to screen readers.
 */
export const FIRST_STEP_RATING = 50;
const PAGE_STEP = 10;

/** New slider value for a navigation key, or null for any other key. */
function sliderKeyValue(key: string, value: number | null): number | null {
  const clamp = (v: number) => Math.min(RATING_MAX, Math.max(RATING_MIN, v));
  if (value === null) {
    // Unrated: Home and End still jump to the ends; any other step starts in the middle.
    if (key === 'Home') return RATING_MIN;
    if (key === 'End') return RATING_MAX;
    return sliderKeyValue(key, RATING_MAX) === null ? null : FIRST_STEP_RATING;
  }
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(value + RATING_SLIDER_STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(value - RATING_SLIDER_STEP);
    case 'PageUp':
      return clamp(value + PAGE_STEP);
    case 'PageDown':
      return clamp(value - PAGE_STEP);
    case 'Home':
      return RATING_MIN;
    case 'End':
      return RATING_MAX;
    default:
      return null;
  }
}

/**
 * The viewer's rating of a release, by typing (0-10 in steps of 0.1) or by
 * slider (0-100). Typed text that is not a valid rating is never saved and
 * the field shows the saved rating again when left; an emptied field clears
 * the rating. Changes are saved on their own after a short pause.
 */
export function RatingControl({
  releaseId,
  entry,
  compact = false,
}: {
  releaseId: string;
  entry: Entry | null;
  compact?: boolean;
}) {
  const headingId = useId();
  const inputId = useId();
  const sliderId = useId();
  const save = useSaveEntry(releaseId);
  const busy = useEntryBusy(releaseId);

  const saved = entry?.rating?.rating ?? null;
  // While a rating is on its way, show it rather than the old one.
  const savingRating =
    save.isPending && save.variables.rating !== undefined ? save.variables.rating : undefined;
  const current = savingRating !== undefined ? savingRating : saved;

  const [textDraft, setTextDraft] = useState<string | null>(null);
  const [sliderDraft, setSliderDraft] = useState<number | null>(null);
  const commit = useDebouncedCommit<number | null>((value) => {
    setSliderDraft(null);
    if (value === current || (value === null && entry === null)) return;
    save.mutate({ rating: value });
  });

  const typed = textDraft === null ? null : parseRatingInput(textDraft);
  const typedValue = typed?.kind === 'value' ? typed.value : null;
  const sliderValue = sliderDraft ?? typedValue ?? current;
  const shownText = textDraft ?? formatRating(sliderDraft ?? current);

  function onTextChange(text: string) {
    setTextDraft(text);
    setSliderDraft(null);
    const parsed = parseRatingInput(text);
    if (parsed.kind === 'ignore') commit.cancel();
    else commit.schedule(parsed.kind === 'value' ? parsed.value : null, TYPED_SAVE_DELAY_MS);
  }

  function onTextDone() {
    commit.flush();
    setTextDraft(null);
  }

  function onTextKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onTextDone();
    }
  }

  function moveSlider(value: number, delayMs: number) {
    setSliderDraft(value);
    setTextDraft(null);
    commit.schedule(value, delayMs);
  }

  // Keys are handled here rather than left to the browser so every browser
  // moves by the same steps (Page keys by a whole point).
  function onSliderKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const next = sliderKeyValue(event.key, sliderValue);
    if (next === null) return;
    event.preventDefault();
    setSliderDraft(next);
    setTextDraft(null);
    // Saved once the key is let go (see onKeyUp), not on every repeat.
    commit.cancel();
  }

  function onSliderKeyUp(event: KeyboardEvent<HTMLInputElement>) {
    if (sliderDraft !== null && sliderKeyValue(event.key, sliderDraft) !== null) {
      commit.schedule(sliderDraft, SLIDER_SAVE_DELAY_MS);
    }
  }

  function removeRating() {
    commit.cancel();
    setTextDraft(null);
    setSliderDraft(null);
    if (current !== null) save.mutate({ rating: null });
  }

  // Clicking an unrated slider where its hidden thumb rests changes nothing, so
  // no change event comes: the click itself is the first rating.
  function onSliderPointerUp(value: number) {
    if (sliderValue === null) moveSlider(value, 0);
    commit.flush();
  }

  const rated = sliderValue !== null;
  const shownValue = sliderValue ?? FIRST_STEP_RATING;

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={`${styles.control} ${compact ? styles.compact : ''}`}
    >
      <p id={headingId} className={styles.heading}>
        Your rating
      </p>
      <div className={styles.row}>
        <label htmlFor={inputId} className="visually-hidden">
          Rating from 0 to 10
        </label>
        <input
          id={inputId}
          className={styles.number}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="–"
          value={shownText}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={onTextDone}
          onKeyDown={onTextKeyDown}
        />
        <label htmlFor={sliderId} className="visually-hidden">
          Rating slider
        </label>
        <input
          id={sliderId}
          className={`${styles.slider} ${rated ? '' : styles.unrated}`}
          type="range"
          min={RATING_MIN}
          max={RATING_MAX}
          step={RATING_SLIDER_STEP}
          value={shownValue}
          aria-valuetext={rated ? formatRating(shownValue) : 'Not rated'}
          style={{ '--fill': `${rated ? shownValue : 0}%` } as CSSProperties}
          onChange={(event) => moveSlider(Number(event.target.value), SLIDER_SAVE_DELAY_MS)}
          onPointerUp={(event) => onSliderPointerUp(Number(event.currentTarget.value))}
          onKeyDown={onSliderKeyDown}
          onKeyUp={onSliderKeyUp}
        />
      </div>
      {current !== null && (
        <Button
          variant="text"
          size="small"
          className={styles.remove}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) removeRating();
          }}
        >
          Remove rating
        </Button>
      )}
    </div>
  );
}
