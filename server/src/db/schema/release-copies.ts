import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A link's copies of its release's date, creation time and visibility, so
 * the release lists of an artist, a label or a genre (new, upcoming,
 * recently added, and their totals) are a range of one index in list order
 * instead of a walk of every release probing the link. Kept by triggers
 * (the release link copies migration): set from the release when a link is
 * written or moved to another release, and again on every link of a release
 * whose date or visibility changes. Loads with triggers off rebuild them
 * (db/copies-sql.ts).
 */
export const releaseCopies = {
  releaseDate: date('release_date', { mode: 'string' }),
  releaseCreatedAt: timestamp('release_created_at', { withTimezone: true }),
  releaseVisible: boolean('release_visible').notNull().default(true),
};

/**
 * The list orders of a link's visible releases, by the linked artist, label
 * or genre: by date (new, upcoming) and by creation (recently added), each
 * ending with the release id as the lists' keys do.
 */
export function listOrderIndexes(
  name: string,
  t: { releaseId: AnyPgColumn } & { [K in keyof typeof releaseCopies]: AnyPgColumn },
  by: AnyPgColumn,
  belongs?: SQL,
) {
  const visible = belongs ? sql`${t.releaseVisible} and ${belongs}` : sql`${t.releaseVisible}`;
  return [
    index(`${name}_date_idx`).on(by, t.releaseDate, t.releaseCreatedAt, t.releaseId).where(visible),
    index(`${name}_added_idx`).on(by, t.releaseCreatedAt, t.releaseId).where(visible),
  ];
}
