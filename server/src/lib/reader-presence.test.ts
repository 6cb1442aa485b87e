import { describe, expect, it } from 'vitest';
import { ReaderPresence, idHash, type ReaderIds } from './reader-presence';

/** A presence over `shelves` (each reader's releases), counting its reads; listening unless told. */
function presenceOver(shelves: Record<string, ReaderIds>, maxKept = 1000) {
  const reads: string[] = [];
  const presence = new ReaderPresence({
    load: async (userId) => {
      reads.push(userId);
      return shelves[userId];
    },
    maxKept,
  });
  presence.listeningFromNow();
  return { presence, reads };
}

const page = ['r1', 'r2', 'r3', 'r4'];

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
    const shelves: Record<string, ReaderIds> = { ann: ['r1'], bob: ['r2'] };
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
    const shelves: Record<string, ReaderIds> = { ann: ['r1'] };
    const reads: string[] = [];
    const presence = new ReaderPresence({
      load: async (userId) => {
        reads.push(userId);
        const read = shelves[userId];
        await new Promise<void>((r) => (release = r));
        return read;
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

  it('hashes ids alike every time, and differently for different ids', () => {
    expect(idHash('rAbc123')).toBe(idHash('rAbc123'));
    expect(idHash('rAbc123')).not.toBe(idHash('rAbc124'));
    expect(idHash('')).toBe(0x811c9dc5);
    expect(idHash('a')).toBe(0xe40c292c);
  });
});
