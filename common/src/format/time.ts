import dayjs from 'dayjs';
import relativeTimePlugin from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTimePlugin);

/** Anything a date can arrive as: a Date, an ISO string from the API, or epoch milliseconds. */
export type DateInput = Date | string | number;

/**
 * The age of something in one short unit, as notifications show it:
 * '1s', '5m', '2h', '3d', '1M', '1Y' (always rounded down). Months and years
 * follow the calendar. Anything newer than a second, or slightly in the future
 * because of clock skew, reads '1s' so the label is never empty or negative.
 */
export function compactTime(date: DateInput, now: DateInput = new Date()): string {
  const then = dayjs(date);
  const current = dayjs(now);
  const seconds = current.diff(then, 'second');
  if (seconds < 60) return `${Math.max(1, seconds)}s`;
  const minutes = current.diff(then, 'minute');
  if (minutes < 60) return `${minutes}m`;
  const hours = current.diff(then, 'hour');
  if (hours < 24) return `${hours}h`;
  const months = current.diff(then, 'month');
  if (months < 1) return `${current.diff(then, 'day')}d`;
  if (months < 12) return `${months}M`;
  return `${current.diff(then, 'year')}Y`;
}

/** A relative time in words: 'a few seconds ago', '5 minutes ago', 'in 2 days'. */
export function relativeTime(date: DateInput, now: DateInput = new Date()): string {
  return dayjs(date).from(dayjs(now));
}

/**
 * A full date and time in the runtime's local time zone:
 * 'Today · 3:04 PM', 'Mar 5 · 3:04 PM' in the current year, and
 * 'Mar 5, 2023 · 3:04 PM' in any other year.
 */
export function fullDate(date: DateInput, now: DateInput = new Date()): string {
  const then = dayjs(date);
  const current = dayjs(now);
  if (then.isSame(current, 'day')) return then.format('[Today] · h:mm A');
  if (then.isSame(current, 'year')) return then.format('MMM D · h:mm A');
  return then.format('MMM D, YYYY · h:mm A');
}
