import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedLists } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, type Statement } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from '../entries/test-support';
import { makeList } from './test-support';

/**
 * Two published lists; `fan` likes the first, `critic` the second, `reader`
 * neither. A page of a user's lists made for a signed-in reader says which
 * they like from its own statement; a site-wide page is everyone's, and
 * each reader's likes are looked up after it.
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
  return { t, owner, fan, critic, reader, ids };
}

const pages = ['/lists?sortBy=popular', '/lists?sortBy=new'];
/** A user's lists, as others read them (published only). */
const ownersPages = (owner: Member) =>
  ['popular', 'new'].map((sortBy) => `/lists?userId=${owner.user.id}&sortBy=${sortBy}`);

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

describe('lists pages: a reader’s likes, the cache off', () => {
  let t: TestApp;
  let owner: Member;
  let fan: Member;
  let critic: Member;
  let reader: Member;
  let ids: string[];
  beforeAll(async () => {
    ({ t, owner, fan, critic, reader, ids } = await twoLists({
      READ_CACHE_SECONDS: '0',
      // Sessions kept in memory, so the askers of one burst reach their page in one turn.
      SESSION_CACHE_SECONDS: '60',
    }));
  });
  afterAll(async () => t?.close());

  const readers = () =>
    [
      [fan, [ids[0]]],
      [critic, [ids[1]]],
      [reader, []],
      [null, []],
    ] as const;

  it('gives each reader their likes on a user’s lists in the page’s one statement', async () => {
    for (const path of ownersPages(owner)) {
      for (const [who, liked] of readers()) {
        const { page, statements } = await read(t, who, path);
        expect(page.lists.map((l) => l.id).sort()).toEqual([...ids].sort());
        expect(likedOn(page)).toEqual(liked);
        expect(statements).toHaveLength(1);
        expect(lookups(statements)).toEqual([]);
      }
    }
  });

  it.each(pages)('gives each reader their likes on %s, looked up after the page', async (path) => {
    for (const [who, liked] of readers()) {
      const { page, statements } = await read(t, who, path);
      expect(page.lists.map((l) => l.id).sort()).toEqual([...ids].sort());
      expect(likedOn(page)).toEqual(liked);
      expect(lookups(statements)).toHaveLength(who ? 1 : 0);
      expect(statements).toHaveLength(who ? 2 : 1);
    }
  });

  it('reads a site-wide page once for the readers of one turn, each with their likes', async () => {
    const who = [fan, critic, reader, fan];
    let answers: PagedLists[] = [];
    // Their sessions read once, and kept.
    for (const m of who) await ok(call(t, m, 'GET', pages[0]!));
    const before = t.app.readCache.stats.joined;
    const statements = await capturingStatements(t, async () => {
      answers = await Promise.all(who.map((m) => ok<PagedLists>(call(t, m, 'GET', pages[0]!))));
    });
    expect(answers.map(likedOn)).toEqual([[ids[0]], [ids[1]], [], [ids[0]]]);
    // One computation of the page, which the three others joined.
    expect(t.app.readCache.stats.joined - before).toBe(3);
    // The page, and one lookup of the four readers' likes (their sessions aside).
    const reads = statements.filter((s) => !s.query.includes('"sessions"'));
    expect(reads).toHaveLength(2);
    expect(lookups(reads)).toHaveLength(1);
  });

  it('shows a like and an unlike on the reader’s next page', async () => {
    for (const path of [pages[0]!, ownersPages(owner)[0]!]) {
      await ok(call(t, reader, 'POST', `/lists/${ids[1]}/likes`));
      expect(likedOn((await read(t, reader, path)).page)).toEqual([ids[1]]);
      await ok(call(t, reader, 'DELETE', `/lists/${ids[1]}/likes`));
      expect(likedOn((await read(t, reader, path)).page)).toEqual([]);
    }
  });
});

describe('lists pages: a reader’s likes, the cache on', () => {
  let t: TestApp;
  let owner: Member;
  let fan: Member;
  let critic: Member;
  let ids: string[];
  beforeAll(async () => {
    ({ t, owner, fan, critic, ids } = await twoLists({}));
  });
  afterAll(async () => t?.close());

  it('keeps the page for everyone and the maker’s likes for them', async () => {
    for (const [path, madeLookups] of [
      [ownersPages(owner)[0]!, 0],
      [pages[0]!, 1],
    ] as const) {
      t.app.readCache.clear();
      const made = await read(t, fan, path);
      expect(likedOn(made.page)).toEqual([ids[0]]);
      expect(lookups(made.statements)).toHaveLength(madeLookups);
      // Read again: the page and the fan's likes are both kept.
      const again = await read(t, fan, path);
      expect(likedOn(again.page)).toEqual([ids[0]]);
      expect(again.statements).toEqual([]);
      // The kept page likes nothing of its own: another reader looks theirs up.
      const other = await read(t, critic, path);
      expect(likedOn(other.page)).toEqual([ids[1]]);
      expect(lookups(other.statements)).toHaveLength(1);
      expect(likedOn((await read(t, null, path)).page)).toEqual([]);
    }
  });
});
