import { describe, expect, it } from 'vitest';
import type { ViewerEntry } from '@earmark/common';
import { ReaderPresence, idHash, type ReaderRows } from './reader-presence';

/** Each reader's releases (null: too many to keep). */
type Shelves = Record<string, string[] | null>;

/** The entry a reader of `shelves` has on `release`: its rating is the shelf's `rating`. */
const entryOn = (release: string, rating = 70): ViewerEntry => ({
  id: `e-${release}`,
  rating,
  hasReview: false,
  hasTrackVotes: false,
});

/** A shelf as ReaderPresence reads it: its releases, each with an entry rated `rating`. */
function rowsOf(shelf: string[] | null | undefined, rating?: number): ReaderRows | undefined {
  if (shelf === undefined || shelf === null) return shelf;
  return { ids: shelf, entries: new Map(shelf.map((r) => [r, entryOn(r, rating)])) };
}

/** A presence over `shelves`, counting its reads; listening unless told. */
function presenceOver(shelves: Shelves, maxKept = 1000, ratings: Record<string, number> = {}) {
  const reads: string[] = [];
  const presence = new ReaderPresence({
    load: async (userId) => {
      reads.push(userId);
      return rowsOf(shelves[userId], ratings[userId]);
    },
    maxKept,
  });
  presence.listeningFromNow();
  return { presence, reads };
}

const page = ['r1', 'r2', 'r3', 'r4'];

/** Lets the reads under way settle (their loads resolve in a few turns), until `done`. */
async function waitForReads(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 20 && !done(); turn++) await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

describe('ReaderPresence', () => {
  it('narrows a page to the releases the reader has entries on, read once', async () => {
    const { presence, reads } = presenceOver({ ann: ['r2', 'r4', 'r9'], bob: [] });
    expect(await presence.narrow('ann', page)).toEqual(['r2', 'r4']);
    expect(await presence.narrow('ann', ['r9', 'r10'])).toEqual(['r9']);
    expect(await presence.narrow('bob', page)).toEqual([]);
    expect(reads).toEqual(['ann', 'bob']);
  });

  it('reads a reader once for the asks made while reading', async () => {
    const { presence, reads } = presenceOver({ ann: ['r1'] });
    const [a, b] = await Promise.all([
      presence.narrow('ann', page),
      presence.narrow('ann', ['r1', 'r2']),
    ]);
    expect([a, b]).toEqual([['r1'], ['r1']]);
    expect(reads).toEqual(['ann']);
  });

  it('narrows nothing while not listening, nor for a reader with too many entries', async () => {
    const { presence, reads } = presenceOver({ ann: null, bob: ['r1'] });
    expect(await presence.narrow('ann', page)).toEqual(page);
    expect(await presence.narrow('ann', page)).toEqual(page);
    // Too many is kept too: not read again on every page.
    expect(reads).toEqual(['ann']);
    presence.notListening();
    expect(await presence.narrow('bob', page)).toEqual(page);
    expect(reads).toEqual(['ann']);
    presence.listeningFromNow();
    expect(await presence.narrow('bob', page)).toEqual(['r1']);
  });

  it('reads a reader again once dropped, by name or all at once', async () => {
    const shelves: Shelves = { ann: ['r1'], bob: ['r2'] };
    const { presence, reads } = presenceOver(shelves);
    await presence.narrow('ann', page);
    await presence.narrow('bob', page);
    shelves.ann = ['r1', 'r3'];
    presence.applyNotification('ann,carl');
    expect(await presence.narrow('ann', page)).toEqual(['r1', 'r3']);
    expect(await presence.narrow('bob', page)).toEqual(['r2']);
    expect(reads).toEqual(['ann', 'bob', 'ann']);
    shelves.bob = ['r2', 'r4'];
    presence.applyNotification('*');
    expect(await presence.narrow('bob', page)).toEqual(['r2', 'r4']);
    expect(reads).toEqual(['ann', 'bob', 'ann', 'bob']);
  });

  it('neither keeps nor uses a read during which its reader was dropped', async () => {
    let release!: () => void;
    const shelves: Shelves = { ann: ['r1'] };
    const reads: string[] = [];
    const presence = new ReaderPresence({
      load: async (userId) => {
        reads.push(userId);
        const read = shelves[userId];
        await new Promise<void>((r) => (release = r));
        return rowsOf(read);
      },
      maxKept: 1000,
    });
    presence.listeningFromNow();
    const asked = presence.narrow('ann', page);
    // The entry on r2 committed after the read began: the read may miss it.
    shelves.ann = ['r1', 'r2'];
    presence.dropUsers(['ann']);
    release();
    expect(await asked).toEqual(page);
    const next = presence.narrow('ann', page);
    release();
    expect(await next).toEqual(['r1', 'r2']);
    expect(reads).toEqual(['ann', 'ann']);
  });

  it('keeps at most maxKept releases, the least recently read reader going first', async () => {
    const { presence, reads } = presenceOver(
      { ann: ['r1', 'r2'], bob: ['r3', 'r4'], carl: ['r1'] },
      4,
    );
    await presence.narrow('ann', page);
    await presence.narrow('bob', page);
    await presence.narrow('ann', page);
    // Five releases: bob, read least recently, goes.
    await presence.narrow('carl', page);
    expect(presence.size).toBe(2);
    await presence.narrow('ann', page);
    await presence.narrow('bob', page);
    expect(reads).toEqual(['ann', 'bob', 'carl', 'bob']);
  });

  it("gives a reader's entries on a page from what it keeps, read once with their ids", async () => {
    const { presence, reads } = presenceOver({ ann: ['r2', 'r4', 'r9'], bob: [] });
    expect(await presence.entriesOn('ann', page)).toEqual(
      new Map([
        ['r2', entryOn('r2')],
        ['r4', entryOn('r4')],
      ]),
    );
    expect(await presence.narrow('ann', page)).toEqual(['r2', 'r4']);
    expect(await presence.entriesOn('bob', page)).toEqual(new Map());
    expect(reads).toEqual(['ann', 'bob']);
  });

  it('gives no entries while not listening, for a reader with too many, or one dropped while read', async () => {
    const { presence, reads } = presenceOver({ ann: null, bob: ['r1'] });
    expect(await presence.entriesOn('ann', page)).toBeUndefined();
    presence.notListening();
    expect(await presence.entriesOn('bob', page)).toBeUndefined();
    expect(reads).toEqual(['ann']);

    let release!: () => void;
    const late = new ReaderPresence({
      load: async () => {
        await new Promise<void>((r) => (release = r));
        return rowsOf(['r1']);
      },
      maxKept: 1000,
    });
    late.listeningFromNow();
    const asked = late.entriesOn('ann', page);
    late.dropUsers(['ann']);
    release();
    expect(await asked).toBeUndefined();
  });

  it('reads an entry changed again once its reader is dropped', async () => {
    const ratings: Record<string, number> = { ann: 60 };
    const { presence, reads } = presenceOver({ ann: ['r1', 'r2'] }, 1000, ratings);
    expect((await presence.entriesOn('ann', ['r1']))?.get('r1')?.rating).toBe(60);
    ratings.ann = 85;
    // Kept until announced: what is kept is exact because every change is announced.
    expect((await presence.entriesOn('ann', ['r1']))?.get('r1')?.rating).toBe(60);
    presence.applyNotification('ann');
    expect((await presence.entriesOn('ann', ['r1']))?.get('r1')?.rating).toBe(85);
    expect(reads).toEqual(['ann', 'ann']);
  });

  it('reads a reader ahead once, none while not listening, and keeps a read that fails out', async () => {
    const { presence, reads } = presenceOver({ ann: ['r1'], bob: null });
    presence.readAhead('ann');
    presence.readAhead('ann');
    presence.readAhead('bob');
    await waitForReads(() => presence.holdsEntriesOf('ann') && presence.keeps('bob'));
    // Held from then on: a page asks nothing more; too many entries are held as none.
    presence.readAhead('ann');
    presence.readAhead('bob');
    expect(await presence.entriesOn('ann', page)).toEqual(new Map([['r1', entryOn('r1')]]));
    expect(presence.holdsEntriesOf('bob')).toBe(false);
    expect(reads).toEqual(['ann', 'bob']);

    const failing = new ReaderPresence({
      load: () => Promise.reject(new Error('connection lost')),
      maxKept: 1000,
    });
    failing.readAhead('ann');
    failing.listeningFromNow();
    failing.readAhead('ann');
    await waitForReads(() => true);
    expect(failing.keeps('ann')).toBe(false);
  });

  it('hashes ids alike every time, and differently for different ids', () => {
    expect(idHash('rAbc123')).toBe(idHash('rAbc123'));
    expect(idHash('rAbc123')).not.toBe(idHash('rAbc124'));
    expect(idHash('')).toBe(0x811c9dc5);
    expect(idHash('a')).toBe(0xe40c292c);
  });
});
