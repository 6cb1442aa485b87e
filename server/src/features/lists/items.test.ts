import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ITEMS_MAX } from '@earmark/common';
import { listItems, lists } from '../../db/schema/lists';
import { releases } from '../../db/schema/catalogue';
import { call, counterMismatches, members, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { getList, itemsOf, makeList } from './test-support';

describe('list items: adding, notes, removing and reordering', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let rs: { id: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    [owner, other] = (await members(t, 2)) as [Member, Member];
    rs = [];
    for (let i = 0; i < 5; i++) rs.push(await createRelease(t.db));
  });
  afterAll(async () => t?.close());

  const positions = async (listId: string) =>
    (
      await t.db
        .select({ id: listItems.id, position: listItems.position })
        .from(listItems)
        .where(eq(listItems.listId, listId))
        .orderBy(asc(listItems.position))
    ).map((r) => r.position);

  it('appends releases in order, once each, and only known ones', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 3) });
    const dup = await call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: rs[1]!.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This release is already in the list');
    const unknown = await call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const page = await itemsOf(t, owner, id);
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 3, currentItems: 3 });
    expect(page.items.map((i) => [i.index, i.release.id])).toEqual(
      rs.slice(0, 3).map((r, i) => [i, r.id]),
    );
    // A signed-in viewer's cards carry their entry (none here).
    expect(page.items[0]!.release.viewerEntry).toBeNull();
  });

  it('gives a signed-in reader the shared page with their own entries', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 2), publish: true });
    expect((await itemsOf(t, null, id)).items.map((i) => i.release.viewerEntry)).toEqual([
      undefined,
      undefined,
    ]);
    await ok(call(t, other, 'POST', '/entries', { releaseId: rs[1]!.id, rating: 70 }), 201);
    const mine = (await itemsOf(t, other, id)).items.map((i) => i.release.viewerEntry);
    expect(mine[0]).toBeNull();
    expect(mine[1]).toMatchObject({ rating: 70, hasReview: false });
    expect((await itemsOf(t, owner, id)).items.map((i) => i.release.viewerEntry)).toEqual([
      null,
      null,
    ]);
  });

  it('sets and clears notes, within the limit', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 1), publish: true });
    const [item] = (await itemsOf(t, owner, id)).items;
    await ok(call(t, owner, 'PATCH', `/lists/${id}/items/${item!.id}`, { note: 'Side B!' }), 204);
    expect((await itemsOf(t, null, id)).items[0]!.note).toBe('Side B!');
    const long = await call(t, owner, 'PATCH', `/lists/${id}/items/${item!.id}`, {
      note: 'x'.repeat(5001),
    });
    expect(long.json().message).toEqual(['note must be shorter than or equal to 5000 characters']);
    expect(
      (await call(t, other, 'PATCH', `/lists/${id}/items/${item!.id}`, { note: 'mine' }))
        .statusCode,
    ).toBe(403);
    await ok(call(t, owner, 'PATCH', `/lists/${id}/items/${item!.id}`, { note: null }), 204);
    expect((await itemsOf(t, null, id)).items[0]!.note).toBeNull();
    const missing = await call(t, owner, 'PATCH', `/lists/${id}/items/nope`, { note: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('closes the gap when an item goes', async () => {
    const id = await makeList(t, owner, {}, { releases: rs });
    const { items } = await itemsOf(t, owner, id);
    expect((await call(t, other, 'DELETE', `/lists/${id}/items/${items[1]!.id}`)).statusCode).toBe(
      404,
    );
    await ok(call(t, owner, 'DELETE', `/lists/${id}/items/${items[1]!.id}`), 204);
    expect(await positions(id)).toEqual([0, 1, 2, 3]);
    const after = await itemsOf(t, owner, id);
    expect(after.items.map((i) => i.release.id)).toEqual(
      [rs[0], rs[2], rs[3], rs[4]].map((r) => r!.id),
    );
    expect((await getList(t, owner, id)).itemsCount).toBe(4);
  });

  it('reorders the whole list, and says what is wrong with a bad order', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 3) });
    const foreignList = await makeList(t, owner, {}, { releases: rs.slice(3, 4) });
    const foreign = (await itemsOf(t, owner, foreignList)).items[0]!.id;
    const [a, b, c] = (await itemsOf(t, owner, id)).items.map((i) => i.id) as [
      string,
      string,
      string,
    ];
    const reorder = (items: { id: string; index: number }[]) =>
      call(t, owner, 'PATCH', `/lists/${id}/items`, { items });
    const cases: [{ id: string; index: number }[], string][] = [
      [
        [
          { id: a, index: 0 },
          { id: b, index: 1 },
        ],
        `items must name every item of the list; missing: ${c}`,
      ],
      [
        [
          { id: a, index: 0 },
          { id: b, index: 1 },
          { id: c, index: 2 },
          { id: a, index: 2 },
        ],
        `items must name each item once; repeated: ${a}`,
      ],
      [
        [
          { id: a, index: 0 },
          { id: b, index: 1 },
          { id: foreign, index: 2 },
        ],
        `items must belong to this list; not in it: ${foreign}`,
      ],
      [
        [
          { id: a, index: 0 },
          { id: b, index: 1 },
          { id: c, index: 3 },
        ],
        'index must run from 0 to 2; out of range: 3',
      ],
      [
        [
          { id: a, index: 0 },
          { id: b, index: 0 },
          { id: c, index: 2 },
        ],
        'index must be used once each; repeated: 0',
      ],
    ];
    for (const [items, message] of cases) {
      const res = await reorder(items);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const negative = await reorder([{ id: a, index: -1 }]);
    expect(negative.json().message).toContain('index must not be less than 0');

    await ok(
      reorder([
        { id: a, index: 2 },
        { id: b, index: 0 },
        { id: c, index: 1 },
      ]),
      204,
    );
    const page = await itemsOf(t, owner, id);
    expect(page.items.map((i) => i.id)).toEqual([b, c, a]);
    expect(await positions(id)).toEqual([0, 1, 2]);
  });

  it('leaves hidden releases out of pages and reorders, keeping them last', async () => {
    const hidden = await createRelease(t.db);
    const id = await makeList(t, owner, {}, { releases: [rs[0]!, hidden, rs[1]!] });
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, hidden.id));
    const page = await itemsOf(t, owner, id);
    expect(page.totalItems).toBe(2);
    // A page past the end has no row to carry the hidden count: the total still leaves it out.
    expect(await itemsOf(t, owner, id, 2)).toMatchObject({ totalItems: 2, items: [] });
    expect(page.items.map((i) => [i.index, i.release.id])).toEqual([
      [0, rs[0]!.id],
      [1, rs[1]!.id],
    ]);
    expect((await getList(t, owner, id)).covers.map((c) => c.id)).toEqual([rs[0]!.id, rs[1]!.id]);
    const [a, b] = page.items.map((i) => i.id) as [string, string];
    const items = [
      { id: a, index: 1 },
      { id: b, index: 0 },
    ];
    await ok(call(t, owner, 'PATCH', `/lists/${id}/items`, { items }), 204);
    const order = await t.db
      .select({ releaseId: listItems.releaseId })
      .from(listItems)
      .where(eq(listItems.listId, id))
      .orderBy(asc(listItems.position));
    expect(order.map((r) => r.releaseId)).toEqual([rs[1]!.id, rs[0]!.id, hidden.id]);
    expect(await positions(id)).toEqual([0, 1, 2]);
  });

  it('holds at most 5000 releases', async () => {
    const id = await makeList(t, owner);
    // Filled directly to one short of the limit.
    await t.db.execute(sql`insert into releases (id, title, type)
      select 'bulk' || g, 'Bulk ' || g, 1 from generate_series(1, ${LIST_ITEMS_MAX - 1}) g`);
    await t.db.execute(sql`insert into list_items (id, list_id, release_id, position)
      select 'item' || g, ${id}, 'bulk' || g, g - 1 from generate_series(1, ${LIST_ITEMS_MAX - 1}) g`);
    await t.db
      .update(lists)
      .set({ itemsCount: LIST_ITEMS_MAX - 1 })
      .where(eq(lists.id, id));
    await ok(call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: rs[0]!.id }), 201);
    const full = await call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: rs[1]!.id });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('A list can hold at most 5000 releases');
    const last = await itemsOf(t, owner, id, 100);
    expect(last.items.at(-1)).toMatchObject({
      index: LIST_ITEMS_MAX - 1,
      release: { id: rs[0]!.id },
    });
    await t.db.delete(releases).where(sql`${releases.id} like 'bulk%'`);
  });
});

describe('list counters under concurrent writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps items and likes counts equal to their recounts', async () => {
    const [owner, ...likers] = (await members(t, 6)) as [Member, ...Member[]];
    const rs = [];
    for (let i = 0; i < 8; i++) rs.push(await createRelease(t.db));
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 4), publish: true });
    const { items } = await itemsOf(t, owner, id);
    await Promise.all([
      ...rs.slice(4).map((r) => call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: r.id })),
      // The same release twice at once: one wins, the other is told it is there.
      call(t, owner, 'POST', `/lists/${id}/items`, { releaseId: rs[4]!.id }),
      ...items.slice(0, 2).map((i) => call(t, owner, 'DELETE', `/lists/${id}/items/${i.id}`)),
      ...likers.map((who) => call(t, who, 'POST', `/lists/${id}/likes`)),
      call(t, likers[0]!, 'POST', `/lists/${id}/likes`),
      call(t, likers[1]!, 'DELETE', `/lists/${id}/likes`),
    ]);
    expect(await counterMismatches(t)).toEqual([]);
    const list = await getList(t, owner, id);
    expect(list.itemsCount).toBe(6);
    expect(await t.db.select().from(listItems).where(eq(listItems.listId, id))).toHaveLength(6);
    const ranks = (
      await t.db
        .select({ p: listItems.position })
        .from(listItems)
        .where(eq(listItems.listId, id))
        .orderBy(asc(listItems.position))
    ).map((r) => r.p);
    expect(ranks).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
