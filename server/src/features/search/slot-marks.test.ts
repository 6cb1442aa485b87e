import { describe, expect, it } from 'vitest';
import { Marks, SlotMarks, SlotScratch } from './slot-marks';

describe('SlotMarks', () => {
  it('holds the slots added since it was last emptied', () => {
    const set = new SlotMarks();
    set.reset(10);
    set.add(3);
    set.add(7);
    expect([...Array(10).keys()].filter((s) => set.has(s))).toEqual([3, 7]);
    set.reset(10);
    expect(set.has(3)).toBe(false);
    set.add(4);
    expect([...Array(10).keys()].filter((s) => set.has(s))).toEqual([4]);
  });

  it('grows for more slots, empty', () => {
    const set = new SlotMarks();
    set.reset(4);
    set.add(2);
    set.reset(100);
    expect(set.has(2)).toBe(false);
    set.add(99);
    expect(set.has(99)).toBe(true);
  });

  it('forgets every old slot when its stamps run out', () => {
    const set = new SlotMarks(3);
    set.reset(8);
    set.add(1); // stamp 1
    set.reset(8);
    set.add(2); // stamp 2
    set.reset(8);
    set.add(5); // stamp 3
    // Stamp 4 is past the last: every mark is cleared and stamps start again at 1,
    // where slot 1's old stamp would otherwise read as held.
    set.reset(8);
    expect([1, 2, 5].map((s) => set.has(s))).toEqual([false, false, false]);
    set.reset(8);
    expect(set.has(2)).toBe(false);
  });
});

describe('SlotScratch', () => {
  it('measures each slot once a query, and again for the next one', () => {
    const scratch = new SlotScratch();
    const calls: number[] = [];
    const first = scratch.measuring(10, (slot) => {
      calls.push(slot);
      return slot / 10;
    });
    expect([first(3), first(3), first(4)]).toEqual([0.3, 0.3, 0.4]);
    expect(calls).toEqual([3, 4]);
    const next = scratch.measuring(10, (slot) => {
      calls.push(slot);
      return 1 - slot / 10;
    });
    expect(next(3)).toBe(0.7);
    expect(calls).toEqual([3, 4, 3]);
  });

  it('gives each set emptied, holding the slots it is given', () => {
    const scratch = new SlotScratch();
    const found = scratch.marks(Marks.Found, 10, [1, 2]);
    const seen = scratch.marks(Marks.Seen, 10);
    seen.add(5);
    expect([found.has(1), found.has(2), found.has(5), seen.has(5), seen.has(1)]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(scratch.marks(Marks.Found, 10).has(1)).toBe(false);
  });
});
