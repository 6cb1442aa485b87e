import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, LIST_ITEMS_PAGE_SIZE, type PagedListItems } from '@earmark/common';
import { releases } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, type Statement } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from './test-support';

/** Statements that look a reader's entries up apart from the page. */
const lookups = (statements: Statement[]) => statements.filter((s) => s.query.includes('k.viewer'));

/** A page of a list's items as `who` reads it, and the statements it took (a session lookup aside). */
async function read(t: TestApp, who: Member | null, id: string, page = 1, status = 200) {
  let body!: PagedListItems;
  const statements = await capturingStatements(t, async () => {
    body = await ok<PagedListItems>(call(t, who, 'GET', `/lists/${id}/items?page=${page}`), status);
  });
  return { body, statements: statements.filter((s) => !s.query.includes('"sessions"')) };
}

describe('list items: a page read with its list in one statement, the cache off', () => {
  let t: TestApp;
  let owner: Member;
  let reader: Member;
  let rs: { id: string }[];
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    [owner, reader] = (await members(t, 2)) as [Member, Member];
    rs = [];
    for (let i = 0; i < 3; i++) rs.push(await createRelease(t.db));
  });
  afterAll(async () => t?.close());

  it('reads the list, its page, its total and the reader’s entries in one statement', async () => {
    const id = await makeList(t, owner, {}, { releases: rs, publish: true });
    await ok(call(t, reader, 'POST', '/entries', { releaseId: rs[2]!.id, rating: 40 }), 201);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, rs[0]!.id));
    try {
      for (const who of [null, reader, owner]) {
        const { body, statements } = await read(t, who, id);
        expect(statements).toHaveLength(1);
        expect(lookups(statements)).toEqual([]);
        expect(body).toMatchObject({ totalItems: 2, currentItems: 2, totalPages: 1 });
        expect(body.items.map((i) => [i.index, i.release.id])).toEqual([
          [0, rs[1]!.id],
          [1, rs[2]!.id],
        ]);
        const entries = body.items.map(
          (i) => i.release.viewerEntry?.rating ?? i.release.viewerEntry,
        );
        expect(entries).toEqual(
          who === null ? [undefined, undefined] : who === reader ? [null, 40] : [null, null],
        );
      }
    } finally {
      await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, rs[0]!.id));
    }
  });

  it('answers a page past the last item with the list’s total and no items', async () => {
    const id = await makeList(t, owner, {}, { releases: rs.slice(0, 2), publish: true });
    for (const who of [null, reader]) {
      const { body, statements } = await read(t, who, id, 3);
      expect(statements).toHaveLength(1);
      expect(body).toMatchObject({ currentPage: 3, totalItems: 2, currentItems: 0, items: [] });
    }
    const empty = await makeList(t, owner, {}, { publish: true });
    expect((await read(t, reader, empty)).body).toMatchObject({ totalItems: 0, items: [] });
    expect(LIST_ITEMS_PAGE_SIZE).toBeGreaterThan(2);
  });

  it('shows a draft to its owner alone, and no list of a hidden owner', async () => {
    const draft = await makeList(t, owner, {}, { releases: rs.slice(0, 1) });
    for (const who of [null, reader]) {
      const { body, statements } = await read(t, who, draft, 1, 404);
      expect((body as unknown as { message: string }).message).toBe('List not found');
      expect(statements.length).toBeLessThanOrEqual(2);
    }
    const mine = await read(t, owner, draft);
    expect(mine.body.items.map((i) => i.release.id)).toEqual([rs[0]!.id]);
    expect((await read(t, null, 'nope', 1, 404)).statements).toHaveLength(1);

    const published = await makeList(t, owner, {}, { releases: rs.slice(0, 1), publish: true });
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, owner.user.id));
    try {
      for (const who of [null, reader]) await read(t, who, published, 1, 404);
    } finally {
      await t.db
        .update(users)
        .set({ accountStatus: owner.user.accountStatus })
        .where(eq(users.id, owner.user.id));
    }
    expect((await read(t, reader, published)).body.totalItems).toBe(1);
  });
});

describe('list items: a page made for its reader, the cache on', () => {
  let t: TestApp;
  let owner: Member;
  let fan: Member;
  let other: Member;
  let rs: { id: string }[];
  beforeAll(async () => {
    t = await buildTestApp();
    [owner, fan, other] = (await members(t, 3)) as [Member, Member, Member];
    rs = [await createRelease(t.db), await createRelease(t.db)];
  });
  afterAll(async () => t?.close());

  it('keeps the page for everyone and the maker’s entries for them', async () => {
    const id = await makeList(t, owner, {}, { releases: rs, publish: true });
    await ok(call(t, fan, 'POST', '/entries', { releaseId: rs[0]!.id, rating: 90 }), 201);
    await ok(call(t, other, 'POST', '/entries', { releaseId: rs[1]!.id, rating: 10 }), 201);
    t.app.readCache.clear();
    const ratings = (page: PagedListItems) =>
      page.items.map((i) => i.release.viewerEntry?.rating ?? null);
    const made = await read(t, fan, id);
    expect(ratings(made.body)).toEqual([90, null]);
    expect(made.statements).toHaveLength(1);
    const again = await read(t, fan, id);
    expect(ratings(again.body)).toEqual([90, null]);
    expect(again.statements).toEqual([]);
    const theirs = await read(t, other, id);
    expect(ratings(theirs.body)).toEqual([null, 10]);
    expect(lookups(theirs.statements)).toHaveLength(1);
    const anyone = await read(t, null, id);
    expect(anyone.body.items.map((i) => i.release.viewerEntry)).toEqual([undefined, undefined]);
  });

  it('does not keep a draft read by its owner for everyone', async () => {
    const draft = await makeList(t, owner, {}, { releases: rs.slice(0, 1) });
    expect((await read(t, owner, draft)).body.totalItems).toBe(1);
    await read(t, null, draft, 1, 404);
    await read(t, fan, draft, 1, 404);
  });
});
