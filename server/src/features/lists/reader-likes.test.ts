import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedLists } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, type Statement } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from './test-support';

/**
 * Two published lists; `fan` likes the first, `critic` the second, `reader`
 * neither. A page of lists made for a signed-in reader says which they like
 * from its own statement.
 */
async function twoLists(env: Record<string, string>) {
  const t: TestApp = await buildTestApp({ env });
  const [owner, fan, critic, reader] = (await members(t, 4)) as Member[] as [
    Member,
    Member,
    Member,
    Member,
  ];
  const release = await createRelease(t.db);
  const ids: string[] = [];
  for (const title of ['Loud', 'Quiet']) {
    ids.push(await makeList(t, owner, { title }, { releases: [release], publish: true }));
  }
  await ok(call(t, fan, 'POST', `/lists/${ids[0]}/likes`));
  await ok(call(t, critic, 'POST', `/lists/${ids[1]}/likes`));
  return { t, fan, critic, reader, ids };
}

const pages = ['/lists?sortBy=popular', '/lists?sortBy=new'];

/** Statements that look a reader's likes up apart from the page. */
const lookups = (statements: Statement[]) => statements.filter((s) => s.query.includes('k.viewer'));

/** The ids of a page's lists the reader likes, in the page's order. */
const likedOn = (page: PagedLists) => page.lists.filter((l) => l.liked).map((l) => l.id);

/** A page as `who` reads it, and the statements it took (a session lookup aside). */
async function read(t: TestApp, who: Member | null, path: string) {
  let page!: PagedLists;
  const statements = await capturingStatements(t, async () => {
    page = await ok<PagedLists>(call(t, who, 'GET', path));
  });
  return { page, statements: statements.filter((s) => !s.query.includes('"sessions"')) };
}

describe('lists pages: a reader’s likes read with the page, the cache off', () => {
  let t: TestApp;
  let fan: Member;
  let critic: Member;
  let reader: Member;
  let ids: string[];
  beforeAll(async () => {
    ({ t, fan, critic, reader, ids } = await twoLists({ READ_CACHE_SECONDS: '0' }));
  });
  afterAll(async () => t?.close());

  it.each(pages)('gives each reader their likes on %s in one statement', async (path) => {
    for (const [who, liked] of [
      [fan, [ids[0]]],
      [critic, [ids[1]]],
      [reader, []],
      [null, []],
    ] as const) {
      const { page, statements } = await read(t, who, path);
      expect(page.lists.map((l) => l.id).sort()).toEqual([...ids].sort());
      expect(likedOn(page)).toEqual(liked);
      expect(statements).toHaveLength(1);
      expect(lookups(statements)).toEqual([]);
    }
  });

  it('shows a like and an unlike on the reader’s next page', async () => {
    await ok(call(t, reader, 'POST', `/lists/${ids[1]}/likes`));
    expect(likedOn((await read(t, reader, pages[0]!)).page)).toEqual([ids[1]]);
    await ok(call(t, reader, 'DELETE', `/lists/${ids[1]}/likes`));
    expect(likedOn((await read(t, reader, pages[0]!)).page)).toEqual([]);
  });
});

describe('lists pages: a reader’s likes read with the page, the cache on', () => {
  let t: TestApp;
  let fan: Member;
  let critic: Member;
  let ids: string[];
  beforeAll(async () => {
    ({ t, fan, critic, ids } = await twoLists({}));
  });
  afterAll(async () => t?.close());

  it('keeps the page for everyone and the maker’s likes for them', async () => {
    t.app.readCache.clear();
    const made = await read(t, fan, pages[0]!);
    expect(likedOn(made.page)).toEqual([ids[0]]);
    expect(lookups(made.statements)).toEqual([]);
    // Read again: the page and the fan's likes are both kept.
    const again = await read(t, fan, pages[0]!);
    expect(likedOn(again.page)).toEqual([ids[0]]);
    expect(again.statements).toEqual([]);
    // The kept page likes nothing of its own: another reader looks theirs up.
    const other = await read(t, critic, pages[0]!);
    expect(likedOn(other.page)).toEqual([ids[1]]);
    expect(lookups(other.statements)).toHaveLength(1);
    expect(likedOn((await read(t, null, pages[0]!)).page)).toEqual([]);
  });
});
