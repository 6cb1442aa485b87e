import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, totalDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['3:25', 205_000],
    ['03:05', 185_000],
    ['0:00', 0],
    ['75:00', 4_500_000],
    ['1:02:03', 3_723_000],
    ['12:00:00', 43_200_000],
    ['1:00:00:00', 86_400_000],
    ['2:03:04:05', 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000],
    ['245', 245_000],
    ['0', 0],
    ['90.5', 90_500],
    ['1:05.25', 65_250],
    ['  4:10 ', 250_000],
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it('gives null for empty input', () => {
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('   ')).toBeNull();
  });

  it.each([
    'abc',
    '3:6x',
    '-1',
    '-1:00',
    '1:60',
    '1:60:00',
    '1:24:00:00',
    '1:2:3:4:5',
    ':30',
    '3:',
    '3::30',
    '1.5:00',
    '1:05.1234',
    '1e3',
    '99999999999999999999',
  ])('gives undefined for unreadable %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5_000, '0:05'],
    [65_000, '1:05'],
    [599_000, '9:59'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [3_723_000, '1:02:03'],
    [90_000_000, '25:00:00'],
  ])('shows %i ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('rounds to the nearest second', () => {
    expect(formatDuration(64_600)).toBe('1:05');
    expect(formatDuration(3_599_600)).toBe('1:00:00');
  });

  it('gives an empty string when there is no duration', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(-1)).toBe('');
  });

  it('round-trips through parseDuration', () => {
    for (const ms of [0, 61_000, 3_723_000, 45_296_000]) {
      expect(parseDuration(formatDuration(ms))).toBe(ms);
    }
  });
});

describe('totalDuration', () => {
  it('adds up a tracklist when every track has a duration', () => {
    expect(
      totalDuration([{ durationMs: 200_000 }, { durationMs: 185_500 }, { durationMs: 0 }]),
    ).toBe(385_500);
  });

  it('gives null when any track lacks a duration', () => {
    expect(totalDuration([{ durationMs: 200_000 }, { durationMs: null }])).toBeNull();
  });

  it('gives null for an empty tracklist', () => {
    expect(totalDuration([])).toBeNull();
  });
});
