import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A statement made once per database handle and prepared under its name:
 * on PostgreSQL each pooled connection parses it once, and after a few runs
 * reuses a generic plan, so a hot lookup skips planning (which cost more
 * than running the release page's statement: see docs/decisions.md).
 * `make` must build the same SQL text every time (parameters as placeholders).
 */
export function preparedPer<P>(make: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const made = new WeakMap<DbOrTx, P>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}

/** The parts of Drizzle's session that run a statement under a name (not in its public API). */
interface NamingSession {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/**
 * Runs a statement built at run time as a prepared statement named after
 * its text (`prefix` and a hash), so each PostgreSQL connection parses a
 * text once and can keep its plan: with `plan_cache_mode` set to
 * `force_generic_plan` for the transaction, the plan is made once per
 * connection and text. Every distinct text stays prepared on every
 * connection that ran it, so the caller must keep the texts it sends this
 * way to a few shapes, with the values as parameters. On PGlite the name
 * is not used.
 */
export async function executeNamed(db: DbOrTx, prefix: string, statement: SQL): Promise<unknown> {
  const { session } = db as unknown as { session: NamingSession };
  const query = session.dialect.sqlToQuery(statement);
  const hash = createHash('sha1').update(query.sql).digest('hex').slice(0, 20);
  return session.prepareQuery(query, undefined, `${prefix}_${hash}`, false).execute();
}
