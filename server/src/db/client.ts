import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Whether a handle is a transaction: its reads must stay on its connection. */
export function isTransaction(db: DbOrTx): db is Tx {
  return db instanceof PgTransaction;
}

/** What a listener on a notification channel is told. */
export interface ChannelHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /** Listening (again): notifications from here on arrive. */
  ready(): void;
  /** The listening connection is gone: notifications may be missed until the next `ready`. */
  lost(): void;
}

export interface Database {
  db: Db;
  /**
   * Where writes open their transactions (the app's writer): on PostgreSQL,
   * connections of their own when the pool has any, so writes held up inside
   * their transactions never leave reads waiting for a connection; otherwise `db`.
   */
  writeDb: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Listens to a NOTIFY channel (on a connection of its own); resolves to the way to stop. */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite keeps PostgreSQL's shared buffers inside its WebAssembly memory. The
 * default (128 MB) makes a single small install weigh over 350 MB; 16 MB keeps
 * it near 250 MB and is plenty for the embedded mode (large sites use PostgreSQL).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteStartParams(): string[] {
  const defaults =
    (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

export function migrationsFolder(): string {
  // Works from the TypeScript sources (server/src/db) and from the bundle (server/dist).
  const here = path.dirname(new URL(import.meta.url).pathname);
  const candidates = [path.join(here, 'migrations'), path.join(here, '../src/db/migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Embedded PostgreSQL in a data directory (or in memory when dataDir is undefined). */
export async function openPglite(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: pgliteExtensions,
    startParams: pgliteStartParams(),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    writeDb: db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.message);
      handlers.ready();
      return () => stop();
    },
    close: () => client.close(),
    // The raw client is needed to dump a template for tests.
    ...({ client } as object),
  };
}

/** Connections of an instance: for reads, and of their own for write transactions (0: none). */
export interface PoolSizes {
  reads: number;
  writes: number;
}

function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops (restart, failover) must not crash
  // the process; the next query opens a fresh one.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  return pool;
}

export function openPostgres(url: string, sizes: PoolSizes = { reads: 10, writes: 0 }): Database {
  const pool = openPool(url, sizes.reads);
  const writePool = sizes.writes > 0 ? openPool(url, sizes.writes) : null;
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const writeDb = writePool ? (drizzleNodePg({ client: writePool, schema }) as unknown as Db) : db;
  return {
    db,
    writeDb,
    kind: 'postgres',
    migrate: async () => {
      // One instance migrates at a time when several start together.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        await migrateNodePg(drizzleNodePg({ client: conn, schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: async () => {
      await Promise.all([pool.end(), writePool?.end()]);
    },
  };
}

const RELISTEN_AFTER_MS = 1000;

/**
 * A connection of its own that LISTENs on `channel`, opened again (after a
 * pause) whenever it is lost; `lost` is told at once so callers stop trusting
 * what the notifications keep fresh.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      handlers.lost();
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void open(), RELISTEN_AFTER_MS);
    };
    c.on('error', drop);
    c.on('end', drop);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (!gone) handlers.ready();
    } catch {
      drop();
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await (client as pg.Client | null)?.end().catch(() => undefined);
  };
}

export async function openDatabase(cfg: {
  databaseUrl: string | undefined;
  databasePool: PoolSizes;
  dataDir: string;
}): Promise<Database> {
  return cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, cfg.databasePool)
    : openPglite(path.join(cfg.dataDir, 'db'));
}
