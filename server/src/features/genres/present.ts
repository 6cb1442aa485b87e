import type { Genre, GenreRef, ReleaseGenreVotes, VoteType } from '@earmark/common';
import type { genres } from '../../db/schema/catalogue';

export type GenreRow = typeof genres.$inferSelect;

export function toGenre(row: GenreRow, parents: GenreRef[], children: GenreRef[]): Genre {
  return { id: row.id, name: row.name, bio: row.bio, parents, children };
}

/** One genre's score on a release, as the vote list row reads it. */
export interface GenreVoteRow {
  id: string;
  name: string;
  score: number;
  upvotes: number;
  downvotes: number;
  myVoteId: string | null;
  myVote: number | null;
}

export function toReleaseGenreVotes(rows: GenreVoteRow[]): ReleaseGenreVotes {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    score: r.score,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    myVote:
      r.myVoteId !== null && r.myVote !== null
        ? { id: r.myVoteId, vote: r.myVote as VoteType }
        : null,
  }));
}
