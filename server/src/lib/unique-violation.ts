/** PostgreSQL's error code for a unique index that refused a row. */
const UNIQUE_VIOLATION = '23505';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The name of the unique index a failed query ran into, or null for any
 * other error. Drizzle wraps driver errors, so the cause chain is followed;
 * pg and PGlite both report `code` and `constraint`.
 */
export function violatedUniqueIndex(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorFields;
    if (e.code === UNIQUE_VIOLATION) {
      return typeof e.constraint === 'string' ? e.constraint : '';
    }
    current = e.cause;
  }
  return null;
}
