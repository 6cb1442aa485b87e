import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { loadConfig } from '../config';
import { openPostgres } from './client';
import { rowsOf } from './rows';
import { member, type Member } from '../features/entries/test-support';

const onPostgres = process.env.EARMARK_TEST_DB === 'postgres';

/**
 * Writes open their transactions on connections of their own (the test
 * database has 4 for reads and 2 for writes), so however many writes are
 * held up inside their transactions, reads still find a connection, signed
 * in too (the session lookup is a read).
 */
describe.skipIf(!onPostgres)('the write pool', () => {
  let t: TestApp;
  let reader: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    reader = await member(t);
  });
  afterAll(async () => t?.close());

  it('keeps reads answering while more writes than the read pool holds wait in transactions', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = 0;
    // As many waiting writes as there are read connections: on a shared pool they would take them all.
    const writes = Array.from({ length: 4 }, () =>
      t.app.writer.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started += 1;
        await gate;
      }),
    );
    try {
      await expect.poll(() => started).toBe(2);
      const late = () => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000));
      const answered = async (cookie?: string) => {
        const read = t.app.inject({
          method: 'GET',
          url: cookie ? '/api/users/me' : '/api/releases?type=recently-added',
          headers: cookie ? { cookie } : {},
        });
        const answer = await Promise.race([read, late()]);
        return answer === 'late' ? 'late' : answer.statusCode;
      };
      expect(await answered()).toBe(200);
      // A signed-in read looks its session up without a write connection.
      expect(await answered(reader.cookie)).toBe(200);
      // The other two writes are still waiting for a write connection.
      expect(started).toBe(2);
    } finally {
      open();
      await Promise.all(writes);
    }
    expect(started).toBe(4);
  });
});

/**
 * With PostgreSQL on the same machine, DATABASE_URL can name its socket's
 * directory (`?host=/var/run/postgresql`): the connections then skip TCP.
 * Run where the test database's server has a socket directory here.
 */
describe.skipIf(!onPostgres)('a Unix socket', () => {
  it('is reached when DATABASE_URL names its directory', async () => {
    const { url: tcpUrl } = inject('postgresTemplate');
    const tcp = openPostgres(tcpUrl, { reads: 1, writes: 0 });
    const [shown] = await rowsOf<{ dirs: string }>(
      tcp.db,
      sql`select current_setting('unix_socket_directories') as dirs`,
    );
    await tcp.close();
    const dir = shown!.dirs.split(',')[0]!.trim();
    if (!dir || !fs.existsSync(dir)) return;
    const url = new URL(tcpUrl);
    url.hostname = 'localhost';
    url.port = '';
    url.searchParams.set('host', dir);
    const local = openPostgres(loadConfig({ DATABASE_URL: url.toString() }).databaseUrl!, {
      reads: 1,
      writes: 0,
    });
    try {
      // No server address: the connection is not a TCP one.
      const [row] = await rowsOf<{ addr: string | null; db: string }>(
        local.db,
        sql`select inet_server_addr()::text as addr, current_database() as db`,
      );
      expect(row).toEqual({ addr: null, db: url.pathname.slice(1) });
    } finally {
      await local.close();
    }
  });
});
