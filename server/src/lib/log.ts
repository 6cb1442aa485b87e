/**
 * How errors appear in the log. A failed query carries its SQL and its
 * parameters (user input: emails, review text, tokens), and a database
 * error's `detail` and `where` quote the offending values. Logs keep the
 * query text and the database's own code and message, never the values.
 */

/** Fields of an error that may hold the values of a query. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where']);
const MAX_DEPTH = 5;

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function isFailedQuery(err: Error): err is Error & { query: unknown; params: unknown } {
  return 'query' in err && 'params' in err;
}

function describe(err: Error, depth: number): LoggedError {
  const out: LoggedError = {
    type: err.constructor.name || err.name,
    message: err.message,
    stack: err.stack ?? '',
  };
  for (const [key, value] of Object.entries(err)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') out[key] = value;
  }
  if (isFailedQuery(err)) {
    // Drizzle's message (and so the top of its stack) spells out the parameters.
    out.message = 'Failed query';
    out.stack = out.stack.replace(err.message, out.message);
  }
  const { cause } = err;
  if (cause !== undefined && depth < MAX_DEPTH) {
    out.cause = cause instanceof Error ? describe(cause, depth + 1) : cause;
  }
  return out;
}

/** The log's `err` serializer: an error without the values of a failed query. */
export function serializeError(err: Error): LoggedError {
  // Plain objects logged under `err` (a code and a message) pass as they are.
  return err instanceof Error ? describe(err, 0) : (err as LoggedError);
}
