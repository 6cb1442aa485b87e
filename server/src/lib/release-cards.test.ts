import { describe, expect, it } from 'vitest';
import { ReleaseType, type ReleaseSummary } from '@earmark/common';
import { ReleaseCards } from './release-cards';

/** A release's card as the database holds it: its title tells which read it came from. */
const cardOf = (id: string, title = `Title of ${id}`): ReleaseSummary => ({
  id,
  title,
  titleLatin: null,
  artists: [{ id: `a-${id}`, name: 'Someone', nameLatin: null }],
  date: '2020-01-01',
  datePrecision: 'day',
  type: ReleaseType.LP,
  cover: null,
  explicitCoverArt: [],
  stats: { ratingsCount: 1, ratingsAvg: 70 },
});

/**
 * Cards over a database of `titles` (a missing id is a hidden release),
 * counting the ids each load read; listening unless told. A load waits for
 * `gate` when one is set, so a test can act while it is under way.
 */
function cardsOver(titles: Record<string, string>, maxKept = 1000) {
  const loads: string[][] = [];
  let gate: Promise<void> | undefined;
  const cards = new ReleaseCards({
    load: async (ids) => {
      loads.push([...ids]);
      if (gate) await gate;
      return ids.flatMap((id) => (titles[id] === undefined ? [] : [cardOf(id, titles[id])]));
    },
    maxKept,
  });
  cards.listeningFromNow();
  const holdLoads = () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    return () => {
      gate = undefined;
      open();
    };
  };
  return { cards, loads, titles, holdLoads };
}

const titlesOf = (found: Map<string, ReleaseSummary>) =>
  Object.fromEntries([...found].map(([id, card]) => [id, card.title]));

describe('release cards kept by an instance', () => {
  it('reads the cards it lacks in one load and the kept ones from memory', async () => {
    const { cards, loads } = cardsOver({ r1: 'One', r2: 'Two', r3: 'Three' });
    expect(titlesOf(await cards.cardsOf(['r1', 'r2']))).toEqual({ r1: 'One', r2: 'Two' });
    expect(titlesOf(await cards.cardsOf(['r2', 'r3', 'r1']))).toEqual({
      r1: 'One',
      r2: 'Two',
      r3: 'Three',
    });
    expect(loads).toEqual([['r1', 'r2'], ['r3']]);
    await cards.cardsOf(['r3', 'r1']);
    expect(loads).toHaveLength(2);
  });

  it('leaves out a hidden release and keeps nothing of it', async () => {
    const { cards, loads } = cardsOver({ r1: 'One' });
    expect(titlesOf(await cards.cardsOf(['r1', 'gone']))).toEqual({ r1: 'One' });
    expect(titlesOf(await cards.cardsOf(['gone']))).toEqual({});
    expect(loads).toEqual([['r1', 'gone'], ['gone']]);
  });

  it('reads a dropped card again, by id or all at once', async () => {
    const { cards, titles, loads } = cardsOver({ r1: 'One', r2: 'Two' });
    await cards.cardsOf(['r1', 'r2']);
    titles.r1 = 'One, renamed';
    titles.r2 = 'Two, renamed';
    cards.applyNotification('r1');
    expect(titlesOf(await cards.cardsOf(['r1', 'r2']))).toEqual({
      r1: 'One, renamed',
      r2: 'Two',
    });
    cards.applyNotification('*');
    expect(titlesOf(await cards.cardsOf(['r1', 'r2']))).toEqual({
      r1: 'One, renamed',
      r2: 'Two, renamed',
    });
    expect(loads).toEqual([['r1', 'r2'], ['r1'], ['r1', 'r2']]);
  });

  it('uses but does not keep a card dropped while it was read', async () => {
    const { cards, titles, loads, holdLoads } = cardsOver({ r1: 'One', r2: 'Two' });
    const open = holdLoads();
    const reading = cards.cardsOf(['r1', 'r2']);
    // The change lands while the read is under way: what it read may be older.
    cards.dropIds(['r1']);
    open();
    expect(titlesOf(await reading)).toEqual({ r1: 'One', r2: 'Two' });
    titles.r1 = 'One, renamed';
    expect(titlesOf(await cards.cardsOf(['r1', 'r2']))).toEqual({
      r1: 'One, renamed',
      r2: 'Two',
    });
    expect(loads).toEqual([['r1', 'r2'], ['r1']]);
  });

  it('keeps nothing read while everything was dropped, nor while not listening', async () => {
    const { cards, loads, holdLoads } = cardsOver({ r1: 'One' });
    const open = holdLoads();
    const reading = cards.cardsOf(['r1']);
    cards.clear();
    open();
    await reading;
    await cards.cardsOf(['r1']);
    expect(loads).toHaveLength(2);
    cards.notListening();
    expect(cards.size).toBe(0);
    await cards.cardsOf(['r1']);
    await cards.cardsOf(['r1']);
    expect(loads).toHaveLength(4);
    cards.listeningFromNow();
    await cards.cardsOf(['r1']);
    await cards.cardsOf(['r1']);
    expect(loads).toHaveLength(5);
  });

  it('keeps up to its bound, the least recently read going first', async () => {
    const { cards, loads } = cardsOver({ r1: 'One', r2: 'Two', r3: 'Three' }, 2);
    await cards.cardsOf(['r1', 'r2']);
    await cards.cardsOf(['r1']);
    await cards.cardsOf(['r3']);
    expect(cards.size).toBe(2);
    await cards.cardsOf(['r1', 'r3']);
    await cards.cardsOf(['r2']);
    expect(loads).toEqual([['r1', 'r2'], ['r3'], ['r2']]);
  });

  it('gives each read a card of its own over frozen shared parts', async () => {
    const { cards } = cardsOver({ r1: 'One' });
    await cards.cardsOf(['r1']);
    const mine = (await cards.cardsOf(['r1'])).get('r1')!;
    // A reader's entry set on one page's card is not on another's.
    mine.viewerEntry = { id: 'e1', rating: 80, hasReview: false, hasTrackVotes: false };
    const theirs = (await cards.cardsOf(['r1'])).get('r1')!;
    expect(theirs.viewerEntry).toBeUndefined();
    expect(theirs.stats).toBe(mine.stats);
    expect(Object.isFrozen(theirs.stats)).toBe(true);
    expect(Object.isFrozen(theirs.artists)).toBe(true);
    expect(Object.isFrozen(theirs.artists[0])).toBe(true);
  });
});
