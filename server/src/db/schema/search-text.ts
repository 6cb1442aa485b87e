import { sql, type SQL } from 'drizzle-orm';

/**
 * What search matches on. Every searchable table has a `search_text` column:
 * its names folded as search compares them (accents off by `unaccent` with
 * its fixed dictionary, lower case: the `search_fold` SQL function of the
 * search migration, an IMMUTABLE wrapper), the name first, a tab, then the
 * Latin form (empty without one); a release adds a tab and its artists'
 * names. A trigram (GIN) index over each column answers the searches on
 * PGlite and PostgreSQL alike; keeping the folded text in a column means a
 * query never folds a row again.
 */
/** The SQL escape of the tab between the fields (inside E'...'). */
const FIELD_SEPARATOR_ESCAPE = '\\t';

/** A stored generated column's expression: `name` and `latin` (column names) folded. */
export function foldedNamesSql(name: string, latin: string | null): SQL {
  const second = latin ? `coalesce(${latin}, '')` : `''`;
  return sql.raw(`search_fold(${name} || E'${FIELD_SEPARATOR_ESCAPE}' || ${second})`);
}

/**
 * Options of the search indexes: every write goes into the index at once
 * instead of a pending list. Names change rarely, and a long pending list
 * (after a bulk load, until a vacuum) made the planner read whole tables
 * instead of the index.
 */
export const searchIndexOptions = { fastupdate: false };
