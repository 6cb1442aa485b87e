import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplicitCoverArt, type PagedLists } from '@earmark/common';
import { REBUILD_LIST_COVERS } from '../../db/copies-sql';
import { releases } from '../../db/schema/catalogue';
import { lists } from '../../db/schema/lists';
import { createRelease } from '../../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { call, members, ok, type Member } from '../entries/test-support';
import { admin as adminOf } from '../submissions/test-support';
import { mergeEntities } from '../admin/test-support';
import { MOSAIC_SIZE } from './present';
import { getList, itemsOf, makeList } from './test-support';

/**
 * A list's cover mosaic (its first visible releases in rank order) is a
 * copy on the list kept by triggers: every change to its items, and every
 * change to a listed release's cover, explicit art or visibility, shows on
 * the list's page and on the pages of lists alike.
 */
describe("a list's cover mosaic", () => {
  let t: TestApp;
  let owner: Member;
  let rs: { id: string }[];

  beforeAll(async () => {
    // Every read reaches the database: these tests change releases behind the app's back.
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    [owner] = (await members(t, 1)) as [Member];
    rs = [];
    for (let i = 0; i < MOSAIC_SIZE + 2; i++) rs.push(await createRelease(t.db));
  });
  afterAll(async () => t?.close());

  /** The mosaic's release ids on the list's page, checked equal on the owner's page of lists. */
  async function mosaic(listId: string): Promise<string[]> {
    const ids = (await getList(t, owner, listId)).covers.map((c) => c.id);
    const page = await ok<PagedLists>(call(t, owner, 'GET', `/lists?userId=${owner.user.id}`));
    expect(page.lists.find((l) => l.id === listId)?.covers.map((c) => c.id)).toEqual(ids);
    return ids;
  }

  const ids = (from: number, to: number) => rs.slice(from, to).map((r) => r.id);

  it('shows the first releases in rank order as items are added, removed and moved', async () => {
    const id = await makeList(t, owner);
    expect(await mosaic(id)).toEqual([]);
    for (const release of rs.slice(0, 2)) {
      await ok(call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: release.id }), 201);
    }
    expect(await mosaic(id)).toEqual(ids(0, 2));
    for (const release of rs.slice(2)) {
      await ok(call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: release.id }), 201);
    }
    expect(await mosaic(id)).toEqual(ids(0, MOSAIC_SIZE));

    const { items } = await itemsOf(t, owner, id);
    await ok(call(t, owner, 'DELETE', `/lists/${id}/items/${items[0]!.id}`), 204);
    expect(await mosaic(id)).toEqual(ids(1, MOSAIC_SIZE + 1));

    // The last release first, the rest in their order.
    const rest = items.slice(1);
    const order = [rest.at(-1)!, ...rest.slice(0, -1)].map((item, index) => ({
      id: item.id,
      index,
    }));
    await ok(call(t, owner, 'PATCH', `/lists/${id}/items`, { items: order }), 204);
    expect(await mosaic(id)).toEqual([rs.at(-1)!.id, ...ids(1, MOSAIC_SIZE)]);
  });

  it("follows a listed release's cover and explicit art, and its hiding and return", async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 2) });
    const files = { sm: 'a-sm.webp', md: 'a-md.webp', lg: 'a-lg.webp', og: 'a-og.jpg' };
    await t.db
      .update(releases)
      .set({ cover: files, explicitCoverArt: [ExplicitCoverArt.NUDITY] })
      .where(eq(releases.id, rs[1]!.id));
    const [, second] = (await getList(t, owner, id)).covers;
    expect(second).toEqual({
      id: rs[1]!.id,
      cover: expect.objectContaining({ sm: '/media/covers/a-sm.webp' }),
      explicitCoverArt: [ExplicitCoverArt.NUDITY],
    });

    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, rs[0]!.id));
    expect(await mosaic(id)).toEqual([rs[1]!.id]);
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, rs[0]!.id));
    expect(await mosaic(id)).toEqual(ids(0, 2));

    // A release gone for good takes its item with it.
    const gone = await createRelease(t.db);
    await ok(call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: gone.id }), 201);
    await t.db
      .update(releases)
      .set({ cover: null, explicitCoverArt: [] })
      .where(eq(releases.id, rs[1]!.id));
    expect(await mosaic(id)).toEqual([...ids(0, 2), gone.id]);
    expect((await getList(t, owner, id)).covers[1]).toMatchObject({
      cover: null,
      explicitCoverArt: [],
    });
    await t.db.delete(releases).where(eq(releases.id, gone.id));
    expect(await mosaic(id)).toEqual(ids(0, 2));
  });

  it('shows the target of a merged release in its place', async () => {
    const source = await createRelease(t.db);
    const target = await createRelease(t.db);
    const id = await makeList(t, owner, {}, { releases: [source, rs[0]!] });
    const input = { entityType: 'release', mergeFromId: source.id, mergeIntoId: target.id };
    await ok(mergeEntities(t, await adminOf(t), input));
    expect(await mosaic(id)).toEqual([target.id, rs[0]!.id]);
  });

  it('is read from the list alone: a page of lists reads no item or release', async () => {
    await makeList(t, owner, {}, { releases: rs.slice(0, 2), publish: true });
    let page!: PagedLists;
    const statements = await capturingStatements(t, async () => {
      page = await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=popular'));
    });
    expect(page.lists.some((l) => l.covers.length === 2)).toBe(true);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.query).not.toMatch(/list_items|releases/);
  });

  it('is rebuilt by REBUILD_LIST_COVERS after a load with the triggers off', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 3) });
    await t.db.update(lists).set({ covers: [] }).where(eq(lists.id, id));
    expect(await mosaic(id)).toEqual([]);
    await t.db.execute(sql.raw(REBUILD_LIST_COVERS));
    expect(await mosaic(id)).toEqual(ids(0, 3));
  });
});
