import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelease } from '../../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { rankedPages } from './ranking';

/**
 * Searches asked together (under load, many arrive in one turn of the event
 * loop) share their reads of the database, and each still sees every write
 * committed before it began.
 */
describe('search: reads shared by the searches of one turn', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const page = { limit: 10, offset: 0 };
  const ask = (q: string) => rankedPages(t.db, ['releases'], { query: q, words: [q] }, page);
  const changeReads = (statements: { query: string }[]) =>
    statements.filter((s) => s.query.includes('pg_current_snapshot'));

  it('reads the index’s changes once for the searches of one turn, after each began', async () => {
    expect((await ask('brackenfold')).get('releases')!.rows).toEqual([]); // the index loaded
    await createRelease(t.db, { title: 'Brackenfold Weir' });
    const found: number[] = [];
    const statements = await capturingStatements(t, async () => {
      const pages = await Promise.all(['brackenfold', 'weir', 'brack'].map(ask));
      found.push(...pages.map((p) => p.get('releases')!.rows.length));
    });
    expect(changeReads(statements)).toHaveLength(1);
    expect(found).toEqual([1, 1, 1]);
    // A search asked later reads them again, and sees what was written since.
    await createRelease(t.db, { title: 'Brackenfold Shallows' });
    const again = await capturingStatements(t, () => ask('shallows'));
    expect(changeReads(again)).toHaveLength(1);
    expect((await ask('brackenfold')).get('releases')!.count).toBe(2);
  });
});
