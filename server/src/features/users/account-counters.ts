/**
 * The counters an account's rows count: others' releases, tracks, reviews,
 * lists, follows, genre scores, comment threads and submissions. Counters
 * leave out hidden accounts' rows (db/recount-sql), so a ban, an unban or a
 * deletion recounts exactly these rows in the same transaction.
 */
import { eq, type AnyColumn } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  recountCounters,
  type CountedByTrigger,
  type CountedTable,
  type RecountChange,
} from '../../db/recount';
import { releaseGenreVotes } from '../../db/schema/catalogue';
import { entries, reviewVotes, trackVotes } from '../../db/schema/entries';
import { follows } from '../../db/schema/follows';
import { listLikes } from '../../db/schema/lists';
import { submissionVotes } from '../../db/schema/submissions';
import { commentThreadsOf } from '../comments/counters';

/** The distinct ids of the queries' `id` columns, read one after another in the transaction. */
type IdRows = { id: string }[];

async function idsOf(...queries: (PromiseLike<IdRows> | IdRows)[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const query of queries) for (const row of await query) ids.add(row.id);
  return [...ids];
}

/**
 * The rows, by counted table, whose counters count one of the user's rows.
 * The counters triggers keep (the site-wide sums, credit counts) follow by themselves.
 */
export async function rowsCountingAccount(
  tx: Tx,
  userId: string,
): Promise<Record<Exclude<CountedTable, CountedByTrigger>, string[]>> {
  const threads = await commentThreadsOf(tx, userId);
  const own = (column: AnyColumn) => eq(column, userId);
  return {
    releases: await idsOf(
      tx.select({ id: entries.releaseId }).from(entries).where(own(entries.userId)),
    ),
    tracks: await idsOf(
      tx
        .select({ id: trackVotes.trackId })
        .from(trackVotes)
        .innerJoin(entries, eq(entries.id, trackVotes.entryId))
        .where(own(entries.userId)),
    ),
    entries: await idsOf(
      tx.select({ id: reviewVotes.entryId }).from(reviewVotes).where(own(reviewVotes.userId)),
      threads.entries.map((id) => ({ id })),
    ),
    users: await idsOf(
      tx.select({ id: follows.followingId }).from(follows).where(own(follows.followerId)),
      tx.select({ id: follows.followerId }).from(follows).where(own(follows.followingId)),
    ),
    release_genres: await idsOf(
      tx
        .select({ id: releaseGenreVotes.releaseId })
        .from(releaseGenreVotes)
        .where(own(releaseGenreVotes.userId)),
    ),
    lists: await idsOf(
      tx.select({ id: listLikes.listId }).from(listLikes).where(own(listLikes.userId)),
      threads.lists.map((id) => ({ id })),
    ),
    submissions: await idsOf(
      tx
        .select({ id: submissionVotes.submissionId })
        .from(submissionVotes)
        .where(own(submissionVotes.userId)),
      threads.submissions.map((id) => ({ id })),
    ),
  };
}

/** Recounts the rows counting the user's rows, after their account was hidden or shown again. */
export async function recountAccountCounters(tx: Tx, userId: string): Promise<RecountChange[]> {
  return recountCounters(tx, await rowsCountingAccount(tx, userId));
}
