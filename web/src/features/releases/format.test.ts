import { describe, expect, it } from 'vitest';
import { ExplicitCoverArt } from '@earmark/common';
import { canShowCover, downvoteShare, formatReleaseDate, joinNames } from './format';

describe('formatReleaseDate', () => {
  it('shows a day-precise date as D MMM YYYY', () => {
    expect(formatReleaseDate('2024-03-05', 'day')).toBe('5 Mar 2024');
    expect(formatReleaseDate('1969-12-31', 'day')).toBe('31 Dec 1969');
  });

  it('shows only the month and year for month precision', () => {
    expect(formatReleaseDate('2024-03-01', 'month')).toBe('Mar 2024');
  });

  it('shows only the year for year precision', () => {
    expect(formatReleaseDate('1977-01-01', 'year')).toBe('1977');
  });

  it('reads the calendar date without shifting it through a time zone', () => {
    expect(formatReleaseDate('2024-01-01', 'day')).toBe('1 Jan 2024');
  });

  it('treats a date without a precision as day-precise', () => {
    expect(formatReleaseDate('2024-11-20', null)).toBe('20 Nov 2024');
  });

  it('gives an empty string without a readable date', () => {
    expect(formatReleaseDate(null, 'day')).toBe('');
    expect(formatReleaseDate('soon', 'day')).toBe('');
  });
});

describe('canShowCover', () => {
  const { NUDITY, BLOOD_GORE } = ExplicitCoverArt;

  it('shows covers without content categories to everyone', () => {
    expect(canShowCover([], null)).toBe(true);
    expect(canShowCover([], [])).toBe(true);
  });

  it('hides a categorised cover from signed-out viewers', () => {
    expect(canShowCover([NUDITY], null)).toBe(false);
    expect(canShowCover([NUDITY], undefined)).toBe(false);
  });

  it('hides the cover when the viewer allows only some of its categories', () => {
    expect(canShowCover([NUDITY, BLOOD_GORE], [NUDITY])).toBe(false);
    expect(canShowCover([NUDITY], [BLOOD_GORE])).toBe(false);
  });

  it('shows the cover when the viewer allows every one of its categories', () => {
    expect(canShowCover([NUDITY, BLOOD_GORE], [BLOOD_GORE, NUDITY])).toBe(true);
    expect(canShowCover([NUDITY], Object.values(ExplicitCoverArt))).toBe(true);
  });
});

describe('downvoteShare', () => {
  it('is the share of votes that are down-votes', () => {
    expect(downvoteShare({ upvotes: 3, downvotes: 1 })).toBe(0.25);
    expect(downvoteShare({ upvotes: 0, downvotes: 5 })).toBe(1);
    expect(downvoteShare({ upvotes: 4, downvotes: 0 })).toBe(0);
  });

  it('is zero when nobody voted', () => {
    expect(downvoteShare({ upvotes: 0, downvotes: 0 })).toBe(0);
  });
});

describe('joinNames', () => {
  it('joins names with commas and a final ampersand', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['A'])).toBe('A');
    expect(joinNames(['A', 'B'])).toBe('A & B');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B & C');
  });
});
