import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type List, type PagedLists } from '@earmark/common';
import { listItems, lists } from '../../db/schema/lists';
import { changeAccountStatus } from '../users/service';
import { findTarget } from '../targets/registry';
import { call, expectCountersConsistent, members, ok, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { getList, itemsOf, listIds, makeList } from './test-support';

describe('lists: who sees and changes what', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let release: { id: string };
  let draft: string;
  let shown: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [owner, other] = (await members(t, 2)) as [Member, Member];
    release = await createRelease(t.db);
    draft = await makeList(t, owner, { title: 'Unfinished' }, { releases: [release] });
    shown = await makeList(
      t,
      owner,
      { title: 'Best of 1977' },
      { releases: [release], publish: true },
    );
  });
  afterAll(async () => t?.close());

  it('creates a draft with the defaults and refuses bad input in the product wording', async () => {
    const list = await getList(t, owner, draft);
    expect(list).toMatchObject({
      title: 'Unfinished',
      published: false,
      publishedAt: null,
      grid: false,
      ranked: false,
      itemsCount: 1,
      likesCount: 0,
      commentsCount: 0,
      liked: false,
      owner: { id: owner.user.id },
    });
    expect(list.covers.map((c) => c.id)).toEqual([release.id]);
    const blank = await call(t, owner, 'POST', '/lists', { title: ' \u200b' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toEqual(['title must be longer than or equal to 1 characters']);
    expect((await call(t, null, 'POST', '/lists', { title: 'x' })).statusCode).toBe(401);
    const [unconfirmed] = await members(t, 1, { accountStatus: AccountStatus.NOT_CONFIRMED });
    expect((await call(t, unconfirmed!, 'POST', '/lists', { title: 'x' })).statusCode).toBe(403);
  });

  it('hides a draft from everyone but its owner, everywhere', async () => {
    for (const who of [null, other]) {
      expect((await call(t, who, 'GET', `/lists/${draft}`)).statusCode).toBe(404);
      expect((await call(t, who, 'GET', `/lists/${draft}/items`)).statusCode).toBe(404);
      const ids = await listIds(t, who, `userId=${owner.user.id}`);
      expect(ids).toEqual([shown]);
      expect(await listIds(t, who, `releaseId=${release.id}`)).toEqual([shown]);
      expect(await listIds(t, who, 'sortBy=new')).toEqual([shown]);
    }
    const mine = await ok<PagedLists>(call(t, owner, 'GET', `/lists?userId=${owner.user.id}`));
    expect(mine.lists.map((l) => [l.id, l.published]).sort()).toEqual(
      [
        [draft, false],
        [shown, true],
      ].sort(),
    );
    // The release page's lists are published lists, the owner's view included.
    expect(await listIds(t, owner, `releaseId=${release.id}`)).toEqual([shown]);
    expect((await itemsOf(t, owner, draft)).totalItems).toBe(1);
    expect(await findTarget(t.db, 'list', draft, other.user)).toMatchObject({
      ownerId: owner.user.id,
      readable: false,
    });
    expect(await findTarget(t.db, 'list', draft, owner.user)).toMatchObject({ readable: true });
  });

  it('tells the owner which of their lists hold a release, and nobody else', async () => {
    const mine = await ok<{ listId: string; itemId: string }[]>(
      call(t, owner, 'GET', `/lists/release/${release.id}`),
    );
    expect(mine.map((m) => m.listId).sort()).toEqual([draft, shown].sort());
    expect(await ok(call(t, other, 'GET', `/lists/release/${release.id}`))).toEqual([]);
    expect(await ok(call(t, null, 'GET', `/lists/release/${release.id}`))).toEqual([]);
  });

  it('lets only the owner change a list: 401 signed out, 403 for others, 404 on a draft', async () => {
    const changes = [
      ['PATCH', '', { title: 'Mine now' }],
      ['PATCH', '/publish', undefined],
      ['DELETE', '', undefined],
      ['POST', '/items', { releaseId: release.id }],
      ['PATCH', '/items', { items: [] }],
    ] as const;
    for (const [method, path, body] of changes) {
      expect((await call(t, null, method, `/lists/${shown}${path}`, body)).statusCode).toBe(401);
      expect((await call(t, other, method, `/lists/${shown}${path}`, body)).statusCode).toBe(403);
      expect((await call(t, other, method, `/lists/${draft}${path}`, body)).statusCode).toBe(404);
    }
    // A visitor's cached page is dropped by the owner's change.
    expect((await getList(t, null, shown)).ranked).toBe(false);
    const updated = await ok<List>(
      call(t, owner, 'PATCH', `/lists/${shown}`, { ranked: true, description: '*Loud*' }),
    );
    expect(updated).toMatchObject({ title: 'Best of 1977', ranked: true, description: '*Loud*' });
    expect((await getList(t, null, shown)).ranked).toBe(true);
    // Publishing twice keeps the first publication.
    const again = await ok<List>(call(t, owner, 'PATCH', `/lists/${shown}/publish`));
    expect(again.publishedAt).toBe(updated.publishedAt);
  });

  it('counts one like per user, never on a draft', async () => {
    expect((await call(t, other, 'POST', `/lists/${draft}/likes`)).statusCode).toBe(404);
    const own = await call(t, owner, 'POST', `/lists/${draft}/likes`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('A draft cannot be liked');
    expect((await call(t, null, 'POST', `/lists/${shown}/likes`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) {
      expect(await ok(call(t, other, 'POST', `/lists/${shown}/likes`))).toEqual({
        liked: true,
        likesCount: 1,
      });
    }
    expect(await getList(t, other, shown)).toMatchObject({ liked: true, likesCount: 1 });
    expect(await getList(t, null, shown)).toMatchObject({ liked: false, likesCount: 1 });
    expect(await ok(call(t, other, 'DELETE', `/lists/${shown}/likes`))).toEqual({
      liked: false,
      likesCount: 0,
    });
  });

  it('hides a banned owner’s lists and brings them back on unban', async () => {
    await changeAccountStatus(t.app.writer, owner.user.id, AccountStatus.BANNED);
    expect((await call(t, other, 'GET', `/lists/${shown}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/lists/${shown}/items`)).statusCode).toBe(404);
    expect(await listIds(t, null, 'sortBy=popular')).toEqual([]);
    expect(await listIds(t, other, `releaseId=${release.id}`)).toEqual([]);
    await changeAccountStatus(t.app.writer, owner.user.id, AccountStatus.CONFIRMED);
    expect((await getList(t, null, shown)).id).toBe(shown);
    expect(await listIds(t, null, 'sortBy=popular')).toEqual([shown]);
  });

  it('deletes a list with its items and likes', async () => {
    // The ban above ended the owner's sessions: here the other user owns the list.
    const gone = await makeList(t, other, {}, { releases: [release], publish: true });
    await ok(call(t, other, 'POST', `/lists/${gone}/likes`));
    await ok(call(t, other, 'DELETE', `/lists/${gone}`), 204);
    expect((await call(t, other, 'GET', `/lists/${gone}`)).statusCode).toBe(404);
    const left = await t.db.select().from(listItems).where(eq(listItems.listId, gone));
    expect(left).toEqual([]);
  });
});

describe('lists: sorts and paging', () => {
  let t: TestApp;
  let ids: string[];
  let people: Member[];

  beforeAll(async () => {
    t = await buildTestApp();
    people = await members(t, 4);
    const [author] = people as [Member];
    ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(await makeList(t, author, { title: `L${i}` }, { publish: true }));
    // Published a day apart, L0 first; updated in the reverse order.
    for (const [i, id] of ids.entries()) {
      await t.db
        .update(lists)
        .set({
          publishedAt: sql`now() - make_interval(days => ${10 - i})`,
          updatedAt: sql`now() - make_interval(days => ${20 + i})`,
        })
        .where(eq(lists.id, id));
    }
    // L1 has three likes, L3 one.
    for (const who of people.slice(1)) await ok(call(t, who, 'POST', `/lists/${ids[1]}/likes`));
    await ok(call(t, people[1]!, 'POST', `/lists/${ids[3]}/likes`));
  });
  afterAll(async () => t?.close());

  it('sorts by newest publication, by likes, and by last change', async () => {
    const [l0, l1, l2, l3, l4] = ids as [string, string, string, string, string];
    expect(await listIds(t, null, 'sortBy=new')).toEqual([l4, l3, l2, l1, l0]);
    expect(await listIds(t, null, 'sortBy=popular')).toEqual([l1, l3, l4, l2, l0]);
    expect(await listIds(t, null, 'sortBy=updatedDate')).toEqual([l0, l1, l2, l3, l4]);
  });

  it("shares signed-out pages with signed-in readers, with each reader's own likes", async () => {
    const [, fan, other] = people as [Member, Member, Member];
    // The signed-out page is read (and cached) first; signed-in readers get it with their likes.
    const shown = await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=popular'));
    expect(shown.lists.some((l) => l.liked)).toBe(false);
    const liked = async (who: Member) =>
      (await ok<PagedLists>(call(t, who, 'GET', '/lists?sortBy=popular'))).lists
        .filter((l) => l.liked)
        .map((l) => l.id);
    expect(await liked(fan)).toEqual([ids[1], ids[3]]);
    expect(await liked(other)).toEqual([ids[1]]);
    await ok(call(t, other, 'POST', `/lists/${ids[4]}/likes`));
    expect(await liked(other)).toEqual([ids[1], ids[4]]);
    expect(await liked(fan)).toEqual([ids[1], ids[3]]);
    // A reader's likes are kept for them: read again, the page reads none.
    const likeReads = async (who: Member) => {
      const statements = await capturingStatements(t, async () => {
        await ok(call(t, who, 'GET', '/lists?sortBy=popular'));
      });
      return statements.filter((s) => s.query.includes('"list_likes"')).length;
    };
    expect(await likeReads(fan)).toBe(0);
    // An unlike drops what was kept for its author alone.
    await ok(call(t, other, 'DELETE', `/lists/${ids[4]}/likes`));
    expect(await liked(other)).toEqual([ids[1]]);
    expect(await likeReads(other)).toBe(0);
    expect(await liked(fan)).toEqual([ids[1], ids[3]]);
  });

  it('pages by number and by cursor without overlap', async () => {
    const first = await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=popular&pageSize=2'));
    expect(first).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 5, currentItems: 2 });
    const seen = first.lists.map((l) => l.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await ok<PagedLists>(
        call(t, null, 'GET', `/lists?sortBy=popular&pageSize=2&cursor=${cursor}`),
      );
      seen.push(...next.lists.map((l) => l.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(await listIds(t, null, 'sortBy=popular'));
    expect(await listIds(t, null, 'sortBy=popular&pageSize=2&page=3')).toEqual([ids[0]]);
    // Pages of the second half are read from the end: the same slices of each order.
    for (const sortBy of ['new', 'popular', 'updatedDate']) {
      const whole = await listIds(t, null, `sortBy=${sortBy}`);
      for (const page of [1, 2, 3]) {
        expect(await listIds(t, null, `sortBy=${sortBy}&pageSize=2&page=${page}`)).toEqual(
          whole.slice((page - 1) * 2, page * 2),
        );
      }
    }
    const wrong = await call(t, null, 'GET', `/lists?sortBy=new&cursor=${first.nextCursor}`);
    expect(wrong.statusCode).toBe(400);
  });
});

describe("lists: the site's count of published lists", () => {
  let t: TestApp;
  let author: Member, other: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    [author, other] = (await members(t, 2)) as [Member, Member];
  });
  afterAll(async () => t?.close());

  /** totalItems of the site's lists on a first page, a later page and a cursor page. */
  const totals = async () => {
    const first = await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=new&pageSize=1'));
    const later = await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=new&pageSize=1&page=2'));
    const next = first.nextCursor
      ? await ok<PagedLists>(
          call(t, null, 'GET', `/lists?sortBy=new&pageSize=1&cursor=${first.nextCursor}`),
        )
      : first;
    return [first.totalItems, later.totalItems, next.totalItems];
  };

  it('follows publishing, deleting, and the owner hidden and shown again', async () => {
    const a1 = await makeList(t, author, {}, { publish: true });
    await makeList(t, author, {}, { publish: true });
    await makeList(t, author, { title: 'Draft' });
    const o1 = await makeList(t, other, {}, { publish: true });
    expect(await totals()).toEqual([3, 3, 3]);
    await ok(call(t, other, 'DELETE', `/lists/${o1}`), 204);
    expect(await totals()).toEqual([2, 2, 2]);
    await makeList(t, other, {}, { publish: true });
    await changeAccountStatus(t.app.writer, author.user.id, AccountStatus.BANNED);
    expect((await ok<PagedLists>(call(t, null, 'GET', '/lists?sortBy=popular'))).totalItems).toBe(
      1,
    );
    await changeAccountStatus(t.app.writer, author.user.id, AccountStatus.CONFIRMED);
    expect(await totals()).toEqual([3, 3, 3]);
    // A user's own lists are counted as ever: the author's two, and their draft for them.
    const own = (who: Member | null) =>
      ok<PagedLists>(call(t, who, 'GET', `/lists?userId=${author.user.id}`));
    expect((await own(null)).totalItems).toBe(2);
    expect((await getList(t, null, a1)).published).toBe(true);
    await expectCountersConsistent(t);
  });
});
