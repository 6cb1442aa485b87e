import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import type { EntryRow } from '../../db/schema/entries';
import { users } from '../../db/schema/users';

/** What of an entry the release and user counters count. */
export interface EntryFacts {
  rating: number | null;
  hasReview: boolean;
}

/** The counted facts of an entry row; null for an entry that does not exist. */
export function factsOf(entry: Pick<EntryRow, 'rating' | 'review'> | null): EntryFacts | null {
  return entry ? { rating: entry.rating, hasReview: entry.review !== null } : null;
}

const one = (b: boolean) => (b ? 1 : 0);

/**
 * Moves the release's stats and the user's counters from what an entry was
 * (`before`, null when it did not exist) to what it is now (`after`, null
 * once deleted), inside the caller's transaction. Each counter moves by a
 * difference computed in SQL from its current value, so concurrent changes
 * on the same rows add up exactly; the caller holds the release lock.
 */
export async function moveCounters(
  tx: DbOrTx,
  target: { releaseId: string; userId: string },
  before: EntryFacts | null,
  after: EntryFacts | null,
): Promise<void> {
  const entriesDelta = one(after !== null) - one(before !== null);
  const ratingsDelta = one(after?.rating != null) - one(before?.rating != null);
  const sumDelta = (after?.rating ?? 0) - (before?.rating ?? 0);
  const reviewsDelta = one(after?.hasReview === true) - one(before?.hasReview === true);

  if (entriesDelta !== 0 || ratingsDelta !== 0 || sumDelta !== 0 || reviewsDelta !== 0) {
    const count = sql`(${releases.ratingsCount} + ${ratingsDelta})`;
    const sum = sql`(${releases.ratingsSum} + ${sumDelta})`;
    await tx
      .update(releases)
      .set({
        ratingsCount: sql`${count}`,
        ratingsSum: sql`${sum}`,
        ratingsAvg: sql`case when ${count} = 0 then null else ${sum}::float8 / ${count} end`,
        entriesCount: sql`${releases.entriesCount} + ${entriesDelta}`,
        reviewsCount: sql`${releases.reviewsCount} + ${reviewsDelta}`,
      })
      .where(eq(releases.id, target.releaseId));
  }
  if (entriesDelta !== 0 || ratingsDelta !== 0 || reviewsDelta !== 0) {
    await tx
      .update(users)
      .set({
        entriesCount: sql`${users.entriesCount} + ${entriesDelta}`,
        ratingsCount: sql`${users.ratingsCount} + ${ratingsDelta}`,
        reviewsCount: sql`${users.reviewsCount} + ${reviewsDelta}`,
      })
      .where(eq(users.id, target.userId));
  }
}
