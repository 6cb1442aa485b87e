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
