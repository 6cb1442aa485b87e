import { describe, expect, it } from 'vitest';
import { bitsOf, ListsWalk, nearlyHeld } from './text-tests';

/** The slots of the walk's list that every list holds, as the search walks them. */
function walked(lists: number[][], withBits = false): number[] {
  const walk = new ListsWalk(
    lists.map((slots) => ({ slots, bits: withBits ? bitsOf(slots, 2048) : undefined })),
  );
  return walk.slots.filter((slot) => walk.inAll(slot));
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('ListsWalk', () => {
  it('keeps the slots on every list, whatever their lengths and gaps', () => {
    const rand = random(11);
    for (let round = 0; round < 200; round += 1) {
      const lists = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => {
        const density = rand();
        const list: number[] = [];
        for (let slot = 0; slot < 2000; slot += 1) if (rand() < density) list.push(slot);
        return list;
      });
      const expected = lists[0]!.filter((slot) => lists.every((list) => list.includes(slot)));
      expect(walked(lists)).toEqual(expected);
      expect(walked(lists, true)).toEqual(expected);
    }
  });

  it('walks the shortest list and finds slots at both ends of the others', () => {
    const walk = new ListsWalk([{ slots: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, { slots: [0, 9] }]);
    expect(walk.slots).toEqual([0, 9]);
    expect(
      walked([
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [0, 9],
        [0, 4, 9],
      ]),
    ).toEqual([0, 9]);
    expect(walked([[5], []])).toEqual([]);
    // A slot past a bit set's end is not in it.
    const short = { slots: [40] };
    expect(new ListsWalk([short, { slots: [3, 5], bits: bitsOf([3, 5], 32) }]).inAll(40)).toBe(
      false,
    );
    expect(
      walked([
        [3, 7],
        [1, 2, 3, 4, 5, 6, 7, 8],
      ]),
    ).toEqual([3, 7]);
  });
});

describe('nearlyHeld', () => {
  it('passes a text holding half the sampled inner trigrams of the word, and no fewer', () => {
    const test = nearlyHeld('lindqvist');
    expect(test('anna lindkvist')).toBe(true);
    expect(test('anna lindberg')).toBe(false);
  });

  it('passes every text for a word too short to keep a trigram through a typo', () => {
    expect(nearlyHeld('akio')('anything at all')).toBe(true);
  });
});
