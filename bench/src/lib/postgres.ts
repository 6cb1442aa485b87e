import pg from 'pg';
import { onCleanup } from './cleanup';

/** A superuser connection used to create and drop the benchmark databases. */
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function reachable(): Promise<boolean> {
  try {
    await withClient(adminUrl, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** Whether PostgreSQL answers; if not, says so and makes the run fail. */
export async function ensureReachable(): Promise<boolean> {
  if (await reachable()) return true;
  console.error(`PostgreSQL is not reachable at ${redact(adminUrl)}; set BENCH_DATABASE_URL.`);
  process.exitCode = 1;
  return false;
}

export async function databaseExists(name: string): Promise<boolean> {
  return withClient(adminUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    return (r.rowCount ?? 0) > 0;
  });
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(adminUrl, (c) =>
    c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`),
  );
}

/**
 * Creates an empty database (or, with `template`, a copy of that one);
 * unless `keep`, it is dropped if the run stops early. Returns a function
 * that drops it (and forgets the cleanup).
 */
export async function createDatabase(
  name: string,
  keep = false,
  template?: string,
): Promise<() => Promise<void>> {
  await withClient(adminUrl, (c) =>
    c.query(
      `create database ${c.escapeIdentifier(name)}` +
        (template ? ` template ${c.escapeIdentifier(template)}` : ''),
    ),
  );
  const drop = () => dropDatabase(name);
  const forget = keep ? () => false : onCleanup(drop);
  return async () => {
    forget();
    await drop();
  };
}

export async function databaseComment(name: string): Promise<string | null> {
  return withClient(adminUrl, async (c) => {
    const r = await c.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return r.rows[0]?.comment ?? null;
  });
}

export async function setDatabaseComment(name: string, comment: string): Promise<void> {
  await withClient(adminUrl, (c) =>
    c.query(`comment on database ${c.escapeIdentifier(name)} is ${c.escapeLiteral(comment)}`),
  );
}
