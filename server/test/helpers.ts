import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPglite, openPostgres, type Database, type Db, type PoolSizes } from '../src/db/client';
import { users, type UserRow } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { withDatabase } from './pg-url';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database copied from the migrated template: PGlite, or PostgreSQL in that project. */
async function openTestDatabase(
  pool: PoolSizes = { reads: 4, writes: 2 },
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.EARMARK_TEST_DB === 'postgres') {
    const { url, template } = inject('postgresTemplate');
    const name = `earmark_t_${newId(10).toLowerCase()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const database = openPostgres(withDatabase(url, name), pool);
    return {
      database,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const tar = fs.readFileSync(inject('pgliteTemplate'));
  const database = await openPglite(undefined, { loadDataDir: new Blob([tar]) });
  return { database, drop: async () => undefined };
}

export async function buildTestApp(
  opts: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** The PostgreSQL connections (4 for reads and 2 for writes unless given). */
    pool?: PoolSizes;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...opts.env,
  });
  const { database, drop } = await openTestDatabase(opts.pool);
  const app = await buildApp({ config, database, ...opts.deps });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the app on the same database, as a second server
 * process would be: its own caches, the deps given (a shared Redis, say).
 */
export async function buildPeerApp(
  t: TestApp,
  deps: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.database, ...deps });
  await app.ready();
  return app;
}

let seq = 0;
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${seq}_${newId(6).toLowerCase()}`;
}

/** Inserts a user straight into the database; returns the row and its password. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<{ user: UserRow; password: string }> {
  const { password = 'correct horse', ...rest } = overrides;
  const username = rest.username ?? uniqueName();
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `${username.toLowerCase()}@example.com`,
      username,
      passwordHash: await hashPassword(password),
      accountStatus: AccountStatus.CONFIRMED,
      contributorStatus: ContributorStatus.CONTRIBUTOR,
      ...rest,
    })
    .returning();
  return { user: user!, password };
}

/** The session cookie of a response, ready to send back as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'earmark_session');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `earmark_session=${c.value}`;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  return sessionCookie(res);
}

/** Every reply body must be free of secrets: no password hashes, tokens or hashes of them. */
export function assertNoSecrets(body: string): void {
  if (/argon2|passwordHash|password_hash|"token"/i.test(body)) {
    throw new Error(`response leaks a secret: ${body.slice(0, 300)}`);
  }
}
