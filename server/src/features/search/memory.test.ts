import { describe, expect, it } from 'vitest';
import { KindIndex } from './memory';

const terms = (query: string) => ({ query, words: query.split(' ') });

describe('KindIndex', () => {
  it('finds rows through a long trigram list kept as a bit set, as rows come and go', () => {
    const index = new KindIndex(false);
    // "abc" in over a thousand rows: its list is looked up as a bit set.
    for (let i = 0; i < 1100; i += 1) {
      index.set({ id: `a${i}`, text: `abc filler${i}`, popularity: 0 });
    }
    // Enough rows holding both words that no typo-tolerant row is looked for.
    for (let i = 0; i < 12; i += 1) {
      index.set({ id: `k${i}`, text: `zzq abc k${i}`, popularity: 0 });
    }
    expect(index.search(terms('abc zzq'), 0, 10).count).toBe(12);

    // Added after the bit set was made: within its last word, then past its end.
    index.set({ id: 'q1', text: 'abc zzq', popularity: 5 });
    expect(index.search(terms('abc zzq'), 0, 10).count).toBe(13);
    for (let i = 0; i < 40; i += 1) {
      index.set({ id: `b${i}`, text: `abc more${i}`, popularity: 0 });
    }
    index.set({ id: 'q2', text: 'abc zzq again', popularity: 3 });
    const page = index.search(terms('abc zzq'), 0, 2);
    expect(page.count).toBe(14);
    // The name itself, then a name starting with the query.
    expect(page.rows.map((r) => r.id)).toEqual(['q1', 'q2']);

    // A row taken out, and one whose text no longer holds the word.
    index.remove('q1');
    index.set({ id: 'q2', text: 'zzq only', popularity: 3 });
    expect(index.search(terms('abc zzq'), 0, 10).count).toBe(12);
  });
});
