import { describe, expect, it } from 'vitest';
import { compactTime, fullDate, relativeTime } from './time';

// Local-time dates, so the day and year boundaries match the runtime's zone.
const now = new Date(2024, 5, 15, 14, 30, 0); // Jun 15 2024, 2:30 PM
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('compactTime', () => {
  it.each([
    [0, '1s'],
    [400, '1s'],
    [SECOND, '1s'],
    [59 * SECOND, '59s'],
    [MINUTE, '1m'],
    [5 * MINUTE + 59 * SECOND, '5m'],
    [59 * MINUTE, '59m'],
    [HOUR, '1h'],
    [2 * HOUR + 50 * MINUTE, '2h'],
    [23 * HOUR, '23h'],
    [DAY, '1d'],
    [3 * DAY + 5 * HOUR, '3d'],
  ])('shows an age of %i ms as %j', (ms, text) => {
    expect(compactTime(ago(ms), now)).toBe(text);
  });

  it('counts months and years by the calendar', () => {
    expect(compactTime(new Date(2024, 4, 20, 14, 30), now)).toBe('26d');
    expect(compactTime(new Date(2024, 4, 15, 14, 30), now)).toBe('1M');
    expect(compactTime(new Date(2023, 11, 1), now)).toBe('6M');
    expect(compactTime(new Date(2023, 5, 16), now)).toBe('11M');
    expect(compactTime(new Date(2023, 5, 15, 14, 30), now)).toBe('1Y');
    expect(compactTime(new Date(2020, 0, 1), now)).toBe('4Y');
  });

  it('shows 1s for times slightly in the future', () => {
    expect(compactTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('1s');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(compactTime(ago(2 * HOUR).toISOString(), now)).toBe('2h');
    expect(compactTime(ago(5 * MINUTE).getTime(), now.getTime())).toBe('5m');
  });
});

describe('relativeTime', () => {
  it('describes the distance in words', () => {
    expect(relativeTime(ago(10 * SECOND), now)).toBe('a few seconds ago');
    expect(relativeTime(ago(5 * MINUTE), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(HOUR), now)).toBe('an hour ago');
    expect(relativeTime(ago(3 * DAY), now)).toBe('3 days ago');
    expect(relativeTime(new Date(2022, 5, 1), now)).toBe('2 years ago');
  });

  it('describes future times', () => {
    expect(relativeTime(new Date(now.getTime() + 2 * DAY), now)).toBe('in 2 days');
  });

  it('accepts ISO strings', () => {
    expect(relativeTime(ago(5 * MINUTE).toISOString(), now)).toBe('5 minutes ago');
  });
});

describe('fullDate', () => {
  it('says Today for the same local day', () => {
    expect(fullDate(new Date(2024, 5, 15, 9, 5), now)).toBe('Today · 9:05 AM');
    expect(fullDate(new Date(2024, 5, 15, 0, 0), now)).toBe('Today · 12:00 AM');
    expect(fullDate(new Date(2024, 5, 15, 23, 59), now)).toBe('Today · 11:59 PM');
  });

  it('leaves the year out within the current year', () => {
    expect(fullDate(new Date(2024, 5, 14, 23, 59), now)).toBe('Jun 14 · 11:59 PM');
    expect(fullDate(new Date(2024, 0, 1, 15, 4), now)).toBe('Jan 1 · 3:04 PM');
  });

  it('shows the year for other years', () => {
    expect(fullDate(new Date(2023, 11, 31, 12, 0), now)).toBe('Dec 31, 2023 · 12:00 PM');
    expect(fullDate(new Date(2025, 2, 5, 8, 30), now)).toBe('Mar 5, 2025 · 8:30 AM');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    const earlier = new Date(2024, 2, 5, 15, 4);
    expect(fullDate(earlier.toISOString(), now)).toBe('Mar 5 · 3:04 PM');
    expect(fullDate(earlier.getTime(), now.getTime())).toBe('Mar 5 · 3:04 PM');
  });
});
