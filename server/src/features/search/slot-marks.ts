/**
 * Scratch space of one kind's ranking (memory.ts), sized by its slots and
 * reused query after query: sets of slots, counters, and each slot's
 * similarity to the query being ranked. A query runs to its end before the
 * next starts (the ranker's thread takes one call at a time).
 */

/**
 * A set of slots as a stamp per slot: emptied at once by moving on to the
 * next stamp, so a set over a hundred thousand slots costs nothing to
 * start again, and a slot is added and looked up with no hashing.
 */
export class SlotMarks {
  private stamps = new Uint32Array(0);
  private stamp = 0;

  /** `lastStamp`: the highest stamp given before they are cleared and counted again. */
  constructor(private readonly lastStamp = 0xffffffff) {}

  /** Empties the set, for slots below `size`. */
  reset(size: number): void {
    if (this.stamps.length < size) {
      this.stamps = new Uint32Array(size * 2);
      this.stamp = 0;
    }
    this.stamp += 1;
    if (this.stamp > this.lastStamp) {
      // Every stamp used: the old ones cleared before counting again.
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  add(slot: number): void {
    this.stamps[slot] = this.stamp;
  }

  has(slot: number): boolean {
    return this.stamps[slot] === this.stamp;
  }
}

/** What each of the reused sets holds while a query is ranked. */
export enum Marks {
  /** The rows the query's words found (the popular head's, then all). */
  Found,
  /** The rows the typo-tolerant pass has read. */
  Seen,
  /** The rows whose similarity is worked out. */
  Measured,
}

export class SlotScratch {
  private readonly sets = [new SlotMarks(), new SlotMarks(), new SlotMarks()];
  private counted = new Uint16Array(0);
  private similarities = new Float64Array(0);

  /** The set `which`, emptied and then holding `slots`, for `size` slots. */
  marks(which: Marks, size: number, slots: readonly number[] = []): SlotMarks {
    const set = this.sets[which]!;
    set.reset(size);
    for (const slot of slots) set.add(slot);
    return set;
  }

  /** A counter per slot, all zero: left zero again by whoever uses it. */
  counters(size: number): Uint16Array {
    if (this.counted.length < size) this.counted = new Uint16Array(size * 2);
    return this.counted;
  }

  /** `measureSlot` remembered for the query: each slot's measured once. */
  measuring(size: number, measureSlot: (slot: number) => number): (slot: number) => number {
    const measured = this.marks(Marks.Measured, size);
    if (this.similarities.length < size) this.similarities = new Float64Array(size * 2);
    const similarities = this.similarities;
    return (slot) => {
      if (measured.has(slot)) return similarities[slot]!;
      const value = measureSlot(slot);
      similarities[slot] = value;
      measured.add(slot);
      return value;
    };
  }
}
