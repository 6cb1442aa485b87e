import { describe, expect, it } from 'vitest';
import { formatRating, parseRatingInput, ratingBucket } from './rating';

describe('formatRating', () => {
  it('shows stored ratings on the 0-10 scale with one decimal', () => {
    expect(formatRating(85)).toBe('8.5');
    expect(formatRating(0)).toBe('0.0');
    expect(formatRating(3)).toBe('0.3');
    expect(formatRating(50)).toBe('5.0');
    expect(formatRating(99)).toBe('9.9');
  });

  it('shows a perfect rating as 10', () => {
    expect(formatRating(100)).toBe('10');
  });

  it('rounds averages to the nearest step', () => {
    expect(formatRating(72.4)).toBe('7.2');
    expect(formatRating(72.6)).toBe('7.3');
    expect(formatRating(99.6)).toBe('10');
  });

  it('gives an empty string when there is no rating', () => {
    expect(formatRating(null)).toBe('');
    expect(formatRating(undefined)).toBe('');
    expect(formatRating(Number.NaN)).toBe('');
  });
});

describe('parseRatingInput', () => {
  it.each([
    ['8.5', 85],
    ['0.3', 3],
    ['0.7', 7],
    ['10', 100],
    ['10.0', 100],
    ['0', 0],
    ['7', 70],
    ['7.', 70],
    ['.5', 5],
    ['8.50', 85],
    [' 6.1 ', 61],
    ['1.1', 11],
    ['2.3', 23],
    ['4.1', 41],
    ['9.9', 99],
  ])('stores %j as %i', (typed, value) => {
    expect(parseRatingInput(typed)).toEqual({ kind: 'value', value });
  });

  it('gives an exact integer for every step from 0.0 to 10.0', () => {
    for (let i = 0; i <= 100; i++) {
      const typed = (i / 10).toFixed(1);
      expect(parseRatingInput(typed)).toEqual({ kind: 'value', value: i });
    }
  });

  it.each([
    '10.1',
    '11',
    '5.55',
    '0.05',
    'abc',
    '-1',
    '-0.1',
    '1e1',
    '0x5',
    '8,5',
    '.',
    '5 5',
    '+5',
  ])('ignores %j', (typed) => {
    expect(parseRatingInput(typed)).toEqual({ kind: 'ignore' });
  });

  it('clears on empty or blank input', () => {
    expect(parseRatingInput('')).toEqual({ kind: 'clear' });
    expect(parseRatingInput('   ')).toEqual({ kind: 'clear' });
  });
});

describe('ratingBucket', () => {
  it('groups ratings by whole points, with 100 on its own', () => {
    expect(ratingBucket(0)).toBe(0);
    expect(ratingBucket(9)).toBe(0);
    expect(ratingBucket(10)).toBe(1);
    expect(ratingBucket(85)).toBe(8);
    expect(ratingBucket(99)).toBe(9);
    expect(ratingBucket(100)).toBe(10);
  });

  it('keeps out-of-range values inside the chart', () => {
    expect(ratingBucket(-5)).toBe(0);
    expect(ratingBucket(120)).toBe(10);
  });
});
