import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseType } from '@earmark/common';
import {
  addRatings,
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  voteGenre,
} from '../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { REBUILD_ENTRY_RELEASE_COPIES } from './copies-sql';
import { releaseArtists, releaseLabels, releases } from './schema/catalogue';
import { entries } from './schema/entries';

/**
 * Entries carry copies of their release's date, type, credited artists' and
 * labels' ids and belonging genres' ids (the filters, one sort and the
 * profile charts read them from indexes): set when an entry is written,
 * kept by the release's edits, and rebuilt after a load with triggers off.
 */
describe("entries' copies of their release's date, type and credits", () => {
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

  const creditsOn = async (releaseId: string) =>
    t.db
      .select({ artists: entries.releaseArtistIds, labels: entries.releaseLabelIds })
      .from(entries)
      .where(eq(entries.releaseId, releaseId));

  it("carry the release's credited artists and labels through every change of its credits", async () => {
    const [a, b, c] = [
      await createArtist(t.db),
      await createArtist(t.db),
      await createArtist(t.db),
    ];
    const [x, y] = [await createLabel(t.db), await createLabel(t.db)];
    const release = await createRelease(t.db, { artists: [b, a], labels: [x] });
    const other = await createRelease(t.db, { artists: [c] });
    await addRatings(t.db, release, [70, 80]);
    await addRatings(t.db, other, [40]);
    const sorted = (...ids: string[]) => [...ids].sort();
    const twice = (artists: string[], labels: string[]) => [
      { artists, labels },
      { artists, labels },
    ];
    // Written with the entry, in id order.
    expect(await creditsOn(release.id)).toEqual(twice(sorted(a.id, b.id), [x.id]));

    // A credit added, one re-pointed (a merge moves them so), one removed.
    await t.db.insert(releaseLabels).values({ releaseId: release.id, labelId: y.id, position: 1 });
    expect(await creditsOn(release.id)).toEqual(twice(sorted(a.id, b.id), sorted(x.id, y.id)));
    await t.db
      .update(releaseArtists)
      .set({ artistId: c.id })
      .where(and(eq(releaseArtists.releaseId, release.id), eq(releaseArtists.artistId, b.id)));
    expect(await creditsOn(release.id)).toEqual(twice(sorted(a.id, c.id), sorted(x.id, y.id)));
    await t.db.delete(releaseLabels).where(eq(releaseLabels.releaseId, release.id));
    expect(await creditsOn(release.id)).toEqual(twice(sorted(a.id, c.id), []));
    // Another release's entries are left as they were.
    expect(await creditsOn(other.id)).toEqual([{ artists: [c.id], labels: [] }]);

    // An entry moved to another release (a release's merge) takes that one's credits.
    await t.db
      .update(entries)
      .set({ releaseId: other.id })
      .where(and(eq(entries.releaseId, release.id), eq(entries.rating, 70)));
    expect(await creditsOn(other.id)).toEqual([
      { artists: [c.id], labels: [] },
      { artists: [c.id], labels: [] },
    ]);
  });

  it('carry the genres the release belongs to, following votes across zero', async () => {
    const [rock, jazz] = [await createGenre(t.db), await createGenre(t.db)];
    const release = await createRelease(t.db, { genres: [{ genre: rock, score: 2 }] });
    await addRatings(t.db, release, [60]);
    const genresOn = async () =>
      (
        await t.db
          .select({ ids: entries.releaseGenreIds })
          .from(entries)
          .where(eq(entries.releaseId, release.id))
      ).map((r) => r.ids);
    expect(await genresOn()).toEqual([[rock.id]]);
    // Voted on, not yet belonging; then belonging.
    await voteGenre(t.db, release, jazz, -1);
    expect(await genresOn()).toEqual([[rock.id]]);
    await voteGenre(t.db, release, jazz, 2);
    expect(await genresOn()).toEqual([[rock.id, jazz.id].sort()]);
    // Voted down to zero: no longer belonging.
    await voteGenre(t.db, release, rock, -2);
    expect(await genresOn()).toEqual([[jazz.id]]);
  });

  it('are rebuilt by REBUILD_ENTRY_RELEASE_COPIES', async () => {
    const artist = await createArtist(t.db);
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    const release = await createRelease(t.db, {
      date: '2001-01-01',
      type: ReleaseType.Single,
      artists: [artist],
      labels: [label],
      genres: [genre],
    });
    await addRatings(t.db, release, [50]);
    await t.db.execute(sql`update entries set release_date = null, release_type = null,
        release_artist_ids = '{}', release_label_ids = '{}', release_genre_ids = '{}'
      where release_id = ${release.id}`);
    expect(await copiesOn(release.id)).toEqual([{ date: null, type: null }]);
    await t.db.execute(sql.raw(REBUILD_ENTRY_RELEASE_COPIES));
    expect(await copiesOn(release.id)).toEqual([{ date: '2001-01-01', type: ReleaseType.Single }]);
    expect(await creditsOn(release.id)).toEqual([{ artists: [artist.id], labels: [label.id] }]);
    const [copied] = await t.db
      .select({ genres: entries.releaseGenreIds })
      .from(entries)
      .where(eq(entries.releaseId, release.id));
    expect(copied!.genres).toEqual([genre.id]);
  });
});
