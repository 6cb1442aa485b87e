import { sql, type SQL } from 'drizzle-orm';

/**
 * A correlated subquery's `json_agg` as a column: the rows come back as one
 * JSON array (empty, never null), so a parent row and its children travel in
 * one statement instead of one query per kind of child.
 */
export const jsonList = <T>(subquery: SQL): SQL<T[]> =>
  sql<T[]>`coalesce((${subquery}), '[]'::json)`;
