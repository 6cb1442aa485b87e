import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A timestamptz as PostgreSQL writes it ('2026-12-01 16:00:56.577123+00'
 * in a UTC session) in the API's form ('2026-12-01T16:00:56.577Z', as
 * `Date.toISOString` writes it: milliseconds, the rest cut off). Rewritten
 * as text when the session writes UTC; anything else (another time zone,
 * infinity) goes through Date. Parsing into a Date and writing it out again
 * cost about 0.6 µs a value, some 100 values a page of entries.
 */
export function isoTimestamp(text: string): string {
  const n = text.length;
  if (n >= 22 && text.endsWith('+00') && text.charCodeAt(10) === 32 /* ' ' */) {
    const ms =
      text.charCodeAt(19) === 46 /* '.' */ ? `${text.slice(20, n - 3)}00`.slice(0, 3) : '000';
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
  }
  return new Date(text).toISOString();
}

/** A timestamptz column read as the API's ISO text (see isoTimestamp). */
export function isoColumn(column: AnyColumn<{ notNull: true }>): SQL<string>;
export function isoColumn(column: AnyColumn): SQL<string | null>;
export function isoColumn(column: AnyColumn): SQL<string | null> {
  return sql<string | null>`${column}`.mapWith((v: string) => isoTimestamp(v));
}
