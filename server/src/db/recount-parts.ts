/**
 * What every counter's recount (recount-sql.ts) is written with: the
 * counted tables, the shape of a recount, and the SQL fragments they share.
 * Plain text with no imports, as the recounts are.
 */

/** The rows a recount sets: releases, tracks, entries, users, or a release's genre scores. */
export type CountedTable =
  | 'releases'
  | 'tracks'
  | 'entries'
  | 'users'
  | 'release_genres'
  | 'lists'
  | 'submissions'
  | CountedByTrigger;

/** The rows whose counters triggers keep (their recounts are for loads with triggers off). */
export type CountedByTrigger = 'site_counts' | 'review_days' | 'artists' | 'labels' | 'genres';

export interface CounterRecount {
  /** What the statement recounts, as `npm run db:recount` reports it. */
  counter: string;
  table: CountedTable;
  /** The statement; with `ids`, only those rows (release ids for genre scores) are recounted. */
  sql(ids?: readonly string[]): string;
}

/** An id list as SQL, for ids of our own alphabet only (never arbitrary text). */
function idList(ids: readonly string[]): string {
  for (const id of ids) {
    if (!/^[\w-]+$/.test(id)) throw new Error(`Not a row id: ${JSON.stringify(id)}`);
  }
  return `array[${ids.map((id) => `'${id}'`).join(',')}]::text[]`;
}

/** `and <column> = any(ids)`, or nothing for a full recount. */
export const only = (column: string, ids?: readonly string[]) =>
  ids ? `and ${column} = any(${idList(ids)})` : '';

/**
 * The account statuses whose content is hidden (HIDDEN_ACCOUNT_STATUSES in
 * common, spelled out here so this file needs no imports; recount.test
 * checks they agree).
 */
export const HIDDEN_STATUSES_SQL = '80, 100';

/** Joins the account of `voter` (an SQL column) as `vu`, keeping visible accounts only. */
export const visibleBy = (voter: string) =>
  `join users vu on vu.id = ${voter} and vu.account_status not in (${HIDDEN_STATUSES_SQL})`;
