import { describe, expect, it } from 'vitest';
import { decisionText, impactSentence } from './pending-deletions';

describe('pending deletion texts', () => {
  it('counts every kind together', () => {
    expect(decisionText('Deleted', { releases: 1, artists: 0, labels: 1, genres: 0 })).toBe(
      'Deleted 2 entities.',
    );
    expect(decisionText('Kept', { releases: 0, artists: 1, labels: 0, genres: 0 })).toBe(
      'Kept 1 entity.',
    );
  });

  it('lists only what is there to remove', () => {
    expect(
      impactSentence([
        { key: 'entries', label: 'Ratings and reviews', count: 3 },
        { key: 'tracks', label: 'Tracks', count: 0 },
        { key: 'listItems', label: 'List items', count: 1 },
      ]),
    ).toBe('Deleting also removes Ratings and reviews: 3, List items: 1.');
    expect(impactSentence([{ key: 'tracks', label: 'Tracks', count: 0 }])).toBe(
      'Deleting removes nothing else.',
    );
  });
});
