const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A whole number, or one with up to three decimals (milliseconds) for the seconds. */
const WHOLE = /^\d+$/;
const SECONDS = /^\d+(?:\.\d{1,3})?$/;

/**
 * Reads a track duration typed by a user and returns milliseconds.
 *
 * Accepted forms: 'mm:ss', 'h:mm:ss', 'd:hh:mm:ss' and a bare number of
 * seconds ('245'). The leading part may be any size ('75:00' is 75 minutes);
 * the parts after it are bounded (seconds and minutes below 60, hours below 24
 * after a day count). Seconds may carry up to three decimals.
 *
 * Returns `null` for empty input (the duration is cleared) and `undefined`
 * when the text cannot be read, so a form can show an error instead of
 * silently dropping what was typed.
 */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;

  const parts = trimmed.split(':');
  if (parts.length > 4) return undefined;

  const secondsText = parts[parts.length - 1] ?? '';
  const leading = parts.slice(0, -1);
  if (!SECONDS.test(secondsText) || !leading.every((p) => WHOLE.test(p))) return undefined;

  const seconds = Number(secondsText);
  // Units of the parts before the seconds, from the nearest one outwards.
  const units = [MINUTE, HOUR, DAY];
  const limits = [60, 24];
  let ms = Math.round(seconds * SECOND);
  if (parts.length > 1 && seconds >= 60) return undefined;

  for (let i = 0; i < leading.length; i++) {
    const value = Number(leading[leading.length - 1 - i]);
    const isLeadingPart = i === leading.length - 1;
    const limit = limits[i];
    if (!isLeadingPart && limit !== undefined && value >= limit) return undefined;
    ms += value * (units[i] ?? 0);
  }

  return Number.isSafeInteger(ms) ? ms : undefined;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Shows a duration as 'm:ss', or 'h:mm:ss' from one hour on (hours keep
 * counting past a day). Rounded to the nearest second; no duration gives ''.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const totalSeconds = Math.round(ms / SECOND);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}:${pad2(minutes)}:${pad2(seconds)}`;
  return `${minutes}:${pad2(seconds)}`;
}

/**
 * Total length of a tracklist, or null unless every track has a duration
 * (a partial sum would understate the release). An empty list has none.
 */
export function totalDuration(tracks: readonly { durationMs: number | null }[]): number | null {
  if (tracks.length === 0) return null;
  let total = 0;
  for (const track of tracks) {
    if (track.durationMs === null) return null;
    total += track.durationMs;
  }
  return total;
}
