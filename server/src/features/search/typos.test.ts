import { describe, expect, it } from 'vitest';
import { corrected, typoDistance, typosAllowed } from './typos';

const terms = (query: string) => ({ query, words: query.split(' ') });

describe('typoDistance', () => {
  it('counts a letter missing, added, replaced, or two side by side swapped as one typo', () => {
    const whole = (a: string, b: string) => typoDistance(a, b, false).distance;
    expect(whole('shadow', 'shadow')).toBe(0);
    expect(whole('radiohed', 'radiohead')).toBe(1);
    expect(whole('radioheaad', 'radiohead')).toBe(1);
    expect(whole('anirals', 'animals')).toBe(1);
    expect(whole('sahdow', 'shadow')).toBe(1);
    expect(whole('radoiheda', 'radiohead')).toBe(2);
    expect(whole('abc', 'xyz')).toBe(3);
    // Characters, not UTF-16 units: a swap of an astral character is one typo.
    expect(whole('𝄞ab', 'a𝄞b')).toBe(1);
    expect(whole('夜街の', '夜の街')).toBe(1);
  });

  it('measures an unfinished word against the closest start of the word, the longest of ties', () => {
    expect(typoDistance('aniam', 'animals', true)).toEqual({ distance: 1, length: 5 });
    expect(typoDistance('radiohed', 'radiohead', true)).toEqual({ distance: 1, length: 9 });
    expect(typoDistance('radiohed', 'radiohead', false)).toEqual({ distance: 1, length: 9 });
    // 'cathe' (d for e) and 'cathed' (e left out) are both one typo away.
    expect(typoDistance('cathd', 'cathedral', true)).toEqual({ distance: 1, length: 6 });
  });

  it('allows one typo in a short word and two from eight characters', () => {
    expect(typosAllowed(4)).toBe(1);
    expect(typosAllowed(7)).toBe(1);
    expect(typosAllowed(8)).toBe(2);
  });
});

describe('corrected', () => {
  it('replaces a word by its closest reading within the typos allowed', () => {
    const readings = [
      { typed: 'anirals', reading: 'anima' },
      { typed: 'anirals', reading: 'animals' },
      { typed: 'anirals', reading: 'animal' },
    ];
    expect(corrected(terms('anirals electric'), readings)).toEqual(terms('animals electric'));
  });

  it('keeps the first of equally close readings: the most similar', () => {
    const readings = [
      { typed: 'towrs', reading: 'towers' },
      { typed: 'towrs', reading: 'tours' },
    ];
    expect(corrected(terms('towrs of'), readings).words[0]).toBe('towers');
  });

  it('keeps a word whose readings are all too far, and words without readings', () => {
    const readings = [{ typed: 'sahdwo', reading: 'shadow' }];
    expect(corrected(terms('sahdwo play'), readings)).toEqual(terms('sahdwo play'));
    expect(corrected(terms('kid a'), [])).toEqual(terms('kid a'));
  });

  it('reads the last word as unfinished: it becomes the start of its reading', () => {
    const readings = [{ typed: 'aniam', reading: 'animals' }];
    expect(corrected(terms('electric aniam'), readings)).toEqual(terms('electric anima'));
    // The same word before the last is whole, and 'animals' is three typos away.
    expect(corrected(terms('aniam electric'), readings)).toEqual(terms('aniam electric'));
  });
});
