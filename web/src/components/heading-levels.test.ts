import { describe, expect, it } from 'vitest';
import { headingLevels } from './heading-levels';

describe('headingLevels', () => {
  it('starts the highest heading the text uses at h3 and closes the gaps below it', () => {
    expect([...headingLevels([3, 5, 3])]).toEqual([
      [3, 3],
      [5, 4],
    ]);
    expect(headingLevels([5]).get(5)).toBe(3);
  });

  it('keeps every level of a text that uses all six, the lowest at h6', () => {
    const levels = headingLevels([1, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4, 5, 6].map((d) => levels.get(d))).toEqual([3, 4, 5, 6, 6, 6]);
  });
});
