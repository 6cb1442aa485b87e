import { describe, expect, it } from 'vitest';
import type { ReleaseGenreVotes } from '@earmark/common';
import { keepWithdrawn } from './api';

const rock = { id: 'g1', name: 'Rock', score: 2, upvotes: 2, downvotes: 0, myVote: null };
const blues = {
  id: 'g2',
  name: 'Blues',
  score: 1,
  upvotes: 1,
  downvotes: 0,
  myVote: { id: 'v1', vote: 1 as const },
};

describe('keepWithdrawn', () => {
  it('keeps a genre whose last vote was withdrawn, at zero', () => {
    const next: ReleaseGenreVotes = [rock];
    expect(keepWithdrawn([rock, blues], next)).toEqual([
      rock,
      { ...blues, score: 0, upvotes: 0, downvotes: 0, myVote: null },
    ]);
  });

  it('takes the new list as it is when nothing disappeared', () => {
    expect(keepWithdrawn(undefined, [rock])).toEqual([rock]);
    expect(keepWithdrawn([rock], [rock, blues])).toEqual([rock, blues]);
  });
});
