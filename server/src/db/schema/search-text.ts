import { sql, type SQL } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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

/** A transaction id (`xid8`), read and compared as its decimal text. */
const transactionId = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which searchable rows changed, and the transaction that last changed
 * each: what every server's search index (features/search/search-index.ts)
 * reads again before it answers, so a search sees every write committed
 * before it, whichever server wrote it. Triggers of the five searchable
 * tables write it (the search changes migration) when a row is added or
 * removed, or its text, popularity, names or visibility change; one row per
 * searchable row, so the table is never larger than the catalogue.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    xid: transactionId('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index('search_changes_xid_idx').on(t.xid)],
);
