import { describe, expect, it, vi } from 'vitest';
import { CachedPayload } from '../lib/cached-payload';
import { overlaidJson, type Overlay } from './read-cache';

interface Card {
  id: string;
  title: string;
  viewerEntry?: { rating: number } | null;
  review: { body: string; myVote?: number | null } | null;
}
interface Page {
  total: number;
  cards: Card[];
}

const page = (): Page => ({
  total: 3,
  cards: [
    { id: 'a', title: 'Plain', review: { body: 'Fine' } },
    // Text that looks like the markers, quotes and escapes included.
    { id: 'b', title: '"\\u0000@0" and \\"\\u0000@1\\"', review: null },
    { id: 'c', title: 'Ünïcödé "quoted" \u2028', review: { body: '@0 "@1"' } },
  ],
});

/** Each card's entry, and each review's vote, of one reader. */
type Values = Readonly<Record<string, number>>;
const readerOverlay =
  (ratings: Values, votes: Values): Overlay<Page> =>
  (value, place) => {
    for (const card of value.cards) {
      place(card, 'viewerEntry', card.id in ratings ? { rating: ratings[card.id] } : null);
      if (card.review) place(card.review, 'myVote', votes[card.id] ?? null);
    }
  };

/** What the reader should get: the public page with their values set. */
function expected(ratings: Values, votes: Values): Page {
  const out = page();
  for (const card of out.cards) {
    card.viewerEntry = card.id in ratings ? { rating: ratings[card.id]! } : null;
    if (card.review) card.review.myVote = votes[card.id] ?? null;
  }
  return out;
}

describe('a reader overlay on a cached page', () => {
  it("gives each reader their own values and leaves the cached page everyone's", () => {
    const payload = new CachedPayload(page());
    const json = Buffer.from(JSON.stringify(payload.value));
    const first = overlaidJson(payload, json, readerOverlay({ a: 70, c: 20 }, { c: -1 }));
    expect(JSON.parse(first.toString())).toEqual(expected({ a: 70, c: 20 }, { c: -1 }));
    // Later readers are joined into the template the second one made.
    for (const [ratings, votes] of [
      [{ b: 100 }, { a: 1 }],
      [{}, {}],
      [
        { a: 5, b: 6, c: 7 },
        { a: -1, c: 1 },
      ],
    ] as const) {
      const later = overlaidJson(payload, json, readerOverlay(ratings, votes));
      expect(JSON.parse(later.toString())).toEqual(expected(ratings, votes));
    }
    expect(payload.value).toEqual(page());
  });

  it('cuts a page several asked for together at its first use', () => {
    const made = (askers: number) => {
      const payload = new CachedPayload(page(), false, askers);
      const json = Buffer.from(JSON.stringify(payload.value));
      const out = overlaidJson(payload, json, readerOverlay({ b: 40 }, { a: 1 }));
      expect(JSON.parse(out.toString())).toEqual(expected({ b: 40 }, { a: 1 }));
      // What the template's name holds now: the template, if it was made.
      return payload.derive<{ slots: number[] } | string>('overlay', () => 'not made');
    };
    expect(made(1)).toBe('not made');
    const template = made(3) as { slots: number[] };
    expect([...template.slots].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('lays the values over a copy when the places cannot be told apart in the JSON', () => {
    const payload = new CachedPayload(page());
    const json = Buffer.from(JSON.stringify(payload.value));
    // The same place twice: one marker survives, so the template is refused.
    const twice: Overlay<Page> = (value, place) => {
      const card = value.cards[0]!;
      place(card, 'viewerEntry', { rating: 1 });
      place(card, 'viewerEntry', { rating: 2 });
    };
    // The first use and every later one (when a template would be made).
    for (let use = 0; use < 3; use++) {
      const out = JSON.parse(overlaidJson(payload, json, twice).toString()) as Page;
      expect(out.cards[0]!.viewerEntry).toEqual({ rating: 2 });
      expect(out.cards[1]).toEqual(page().cards[1]);
    }
  });

  it('writes a frozen value once, and a value that may change every time', () => {
    const payload = new CachedPayload(page(), false, 2);
    const json = Buffer.from(JSON.stringify(payload.value));
    const kept = Object.freeze({ rating: 64 });
    const fresh = { rating: 10 };
    const overlay: Overlay<Page> = (value, place) => {
      place(value.cards[0]!, 'viewerEntry', kept);
      place(value.cards[1]!, 'viewerEntry', fresh);
      place(value.cards[2]!, 'viewerEntry', null);
    };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const written = (value: unknown) => stringify.mock.calls.filter(([v]) => v === value).length;
      for (let use = 1; use <= 3; use++) {
        fresh.rating = use;
        const out = JSON.parse(overlaidJson(payload, json, overlay).toString()) as Page;
        expect(out.cards.map((c) => c.viewerEntry)).toEqual([
          { rating: 64 },
          { rating: use },
          null,
        ]);
      }
      expect(written(kept)).toBe(1);
      expect(written(fresh)).toBe(3);
    } finally {
      stringify.mockRestore();
    }
  });

  it('answers a page without places as it is', () => {
    const payload = new CachedPayload<Page>({ total: 0, cards: [] });
    const json = Buffer.from(JSON.stringify(payload.value));
    expect(overlaidJson(payload, json, readerOverlay({}, {})).equals(json)).toBe(true);
  });
});
