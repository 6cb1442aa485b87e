import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1)` with the ids as one array parameter: the same index
 * lookups as `in (...)`, but one parameter instead of one per id, so a page
 * of 48 ids costs one placeholder to build, send and plan.
 */
export function anyOf(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])})`;
}

/** anyOf for a prepared statement: the ids are its array parameter `name`. */
export function anyOfPlaceholder(column: Column, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)})`;
}
