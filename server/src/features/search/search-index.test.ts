import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountStatus, searchReplySchema } from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { createArtist, createRelease } from '../../../test/catalogue-factories';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers';
import { searchIndexOf } from './search-index';

/**
 * The search index held in memory follows the database: whatever is
 * written, by whatever connection or server, before a search begins is what
 * that search sees.
 */
describe('search index: following the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function titles(q: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?${new URLSearchParams({ q, type: 'releases' })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return searchReplySchema.parse(res.json()).releases!.map((r) => r.title);
  }

  it('sees rows added, renamed, hidden, shown again and removed', async () => {
    expect(await titles('vendrick')).toEqual([]); // loads the index
    const artist = await createArtist(t.db, { name: 'Ossuary Lane' });
    const release = await createRelease(t.db, { title: 'Vendrick Hollow', artists: [artist] });
    expect(await titles('vendrick')).toEqual(['Vendrick Hollow']);
    await t.db.update(releases).set({ title: 'Vendrick Shore' }).where(eq(releases.id, release.id));
    expect(await titles('vendrick')).toEqual(['Vendrick Shore']);
    expect(await titles('hollow vendrick')).toEqual([]);
    // Its artist renamed: the release is found by the new name.
    await t.db.execute(sql`update artists set name = 'Pellucid Lane' where id = ${artist.id}`);
    expect(await titles('pellucid')).toEqual(['Vendrick Shore']);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, release.id));
    expect(await titles('vendrick')).toEqual([]);
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, release.id));
    expect(await titles('vendrick')).toEqual(['Vendrick Shore']);
    await t.db.delete(releases).where(eq(releases.id, release.id));
    expect(await titles('vendrick')).toEqual([]);
  });

  it('hides a banned account and shows it again when unbanned', async () => {
    const { user } = await createUser(t.db, {
      username: 'quillon_marsh',
      accountStatus: AccountStatus.CONFIRMED,
    });
    const find = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/search?q=quillon&type=users' });
      return searchReplySchema.parse(res.json()).users!.map((u) => u.username);
    };
    expect(await find()).toEqual(['quillon_marsh']);
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, user.id));
    expect(await find()).toEqual([]);
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.CONFIRMED })
      .where(eq(users.id, user.id));
    expect(await find()).toEqual(['quillon_marsh']);
  });

  it('makes the index again when its ranker thread stops', async () => {
    await createRelease(t.db, { title: 'Quorndale Reach' });
    expect(await titles('quorndale')).toEqual(['Quorndale Reach']);
    const index = await searchIndexOf(t.db);
    // As if the thread had failed: the searches that follow load a new index. Loading
    // it reads every searchable row, which took over a second on a busy machine.
    await index.stop();
    await vi.waitFor(async () => expect(await searchIndexOf(t.db)).not.toBe(index), {
      timeout: 15_000,
    });
    expect(await titles('quorndale')).toEqual(['Quorndale Reach']);
  });

  // A transaction still open while a search reads the changes is read again
  // once it commits (PGlite has one connection: nothing runs beside a transaction).
  it.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')(
    'sees a write whose transaction was still open during an earlier search',
    async () => {
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const inserted = new Promise<void>((resolve) => (written = resolve));
      const writing = t.database.writeDb.transaction(async (tx) => {
        await createRelease(tx as never, { title: 'Tarnwick Ridge' });
        written();
        await committed;
      });
      await inserted;
      expect(await titles('tarnwick')).toEqual([]);
      commit();
      await writing;
      expect(await titles('tarnwick')).toEqual(['Tarnwick Ridge']);
    },
  );
});
