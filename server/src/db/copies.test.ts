import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseType } from '@earmark/common';
import { addRatings, createRelease } from '../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { REBUILD_ENTRY_RELEASE_COPIES } from './copies-sql';
import { releases } from './schema/catalogue';
import { entries } from './schema/entries';

/**
 * Entries carry copies of their release's date and type (the filters and
 * one sort read them from indexes): set when an entry is written, kept by
 * the release's edits, and rebuilt after a load with triggers off.
 */
describe("entries' copies of their release's date and type", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const copiesOn = async (releaseId: string) =>
    t.db
      .select({ date: entries.releaseDate, type: entries.releaseType })
      .from(entries)
      .where(eq(entries.releaseId, releaseId));

  it('are set on a new entry and follow the release', async () => {
    const release = await createRelease(t.db, { date: '1997-05-21', type: ReleaseType.LP });
    await addRatings(t.db, release, [70, 80]);
    const both = (date: string | null, type: number) => [
      { date, type },
      { date, type },
    ];
    expect(await copiesOn(release.id)).toEqual(both('1997-05-21', ReleaseType.LP));
    await t.db
      .update(releases)
      .set({ type: ReleaseType.EP, date: null })
      .where(eq(releases.id, release.id));
    expect(await copiesOn(release.id)).toEqual(both(null, ReleaseType.EP));
  });

  it('are rebuilt by REBUILD_ENTRY_RELEASE_COPIES', async () => {
    const release = await createRelease(t.db, { date: '2001-01-01', type: ReleaseType.Single });
    await addRatings(t.db, release, [50]);
    await t.db.execute(sql`update entries set release_date = null, release_type = null
      where release_id = ${release.id}`);
    expect(await copiesOn(release.id)).toEqual([{ date: null, type: null }]);
    await t.db.execute(sql.raw(REBUILD_ENTRY_RELEASE_COPIES));
    expect(await copiesOn(release.id)).toEqual([{ date: '2001-01-01', type: ReleaseType.Single }]);
  });
});
