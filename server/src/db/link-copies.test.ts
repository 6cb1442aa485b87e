import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedReleases } from '@earmark/common';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  dayFromToday,
  voteGenre,
} from '../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { REBUILD_RELEASE_LINK_COPIES } from './copies-sql';
import {
  artists,
  genres,
  labels,
  releaseArtists,
  releaseGenres,
  releaseLabels,
  releases,
} from './schema/catalogue';
import { counterMismatches } from '../features/entries/test-support';

/**
 * A release's links to its artists, labels and genres carry its date,
 * creation time and visibility (their release lists read them from
 * indexes): set when a link is written or moved, kept by the release's
 * edits and hiding, and rebuilt after a load with triggers off.
 */
describe("links' copies of their release's date, creation and visibility", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  /** Every link of the release with its copies, artists first, then labels, then genres. */
  const copiesOf = async (releaseId: string) => {
    const columns = (x: typeof releaseArtists | typeof releaseLabels | typeof releaseGenres) => ({
      date: x.releaseDate,
      createdAt: x.releaseCreatedAt,
      visible: x.releaseVisible,
    });
    return [
      ...(await t.db
        .select(columns(releaseArtists))
        .from(releaseArtists)
        .where(eq(releaseArtists.releaseId, releaseId))),
      ...(await t.db
        .select(columns(releaseLabels))
        .from(releaseLabels)
        .where(eq(releaseLabels.releaseId, releaseId))),
      ...(await t.db
        .select(columns(releaseGenres))
        .from(releaseGenres)
        .where(eq(releaseGenres.releaseId, releaseId))),
    ];
  };
  const three = (date: string | null, createdAt: Date, visible: boolean) =>
    Array.from({ length: 3 }, () => ({ date, createdAt, visible }));
  const setRelease = (id: string, values: Partial<typeof releases.$inferInsert>) =>
    t.db.update(releases).set(values).where(eq(releases.id, id));

  it('are written with each link and follow the release through edits, hiding and merges', async () => {
    const release = await createRelease(t.db, {
      date: '1991-11-04',
      labels: [await createLabel(t.db)],
      genres: [await createGenre(t.db)],
    });
    const { createdAt } = release;
    expect(await copiesOf(release.id)).toEqual(three('1991-11-04', createdAt, true));

    await setRelease(release.id, { date: '1991-11-05' });
    expect(await copiesOf(release.id)).toEqual(three('1991-11-05', createdAt, true));
    await setRelease(release.id, { pendingDeletion: true });
    expect(await copiesOf(release.id)).toEqual(three('1991-11-05', createdAt, false));
    await setRelease(release.id, { pendingDeletion: false });
    expect(await copiesOf(release.id)).toEqual(three('1991-11-05', createdAt, true));

    const into = await createRelease(t.db, { date: null });
    await setRelease(release.id, { mergedIntoId: into.id });
    expect(await copiesOf(release.id)).toEqual(three('1991-11-05', createdAt, false));
  });

  it("take the copies of the release a link is moved to, and keep them through a genre's votes", async () => {
    const hidden = await createRelease(t.db, { date: '2001-01-01', pendingDeletion: true });
    const shown = await createRelease(t.db, { date: null });
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    await t.db
      .insert(releaseLabels)
      .values({ releaseId: hidden.id, labelId: label.id, position: 0 });
    await voteGenre(t.db, hidden, genre, 2);
    expect((await copiesOf(hidden.id)).map((c) => c.visible)).toEqual([false, false, false]);

    await t.db
      .update(releaseLabels)
      .set({ releaseId: shown.id })
      .where(eq(releaseLabels.releaseId, hidden.id));
    await t.db
      .update(releaseGenres)
      .set({ releaseId: shown.id })
      .where(eq(releaseGenres.releaseId, hidden.id));
    expect((await copiesOf(shown.id)).slice(1)).toEqual([
      { date: null, createdAt: shown.createdAt, visible: true },
      { date: null, createdAt: shown.createdAt, visible: true },
    ]);
    // A vote rewrites the link's score; its copies stay.
    await voteGenre(t.db, shown, genre, 1);
    expect((await copiesOf(shown.id)).slice(1)).toEqual([
      { date: null, createdAt: shown.createdAt, visible: true },
      { date: null, createdAt: shown.createdAt, visible: true },
    ]);
  });

  it('are rebuilt by REBUILD_RELEASE_LINK_COPIES', async () => {
    const release = await createRelease(t.db, {
      date: '1985-03-01',
      labels: [await createLabel(t.db)],
      genres: [await createGenre(t.db)],
    });
    // As a load with the triggers off leaves them.
    for (const links of ['release_artists', 'release_labels', 'release_genres']) {
      await t.db.execute(
        sql.raw(`update ${links} set release_date = null, release_created_at = null,
          release_visible = false where release_id = '${release.id}'`),
      );
    }
    for (const statement of REBUILD_RELEASE_LINK_COPIES) await t.db.execute(sql.raw(statement));
    expect(await copiesOf(release.id)).toEqual(three('1985-03-01', release.createdAt, true));
  });
});

describe('the release lists of an artist, a label and a genre, read from the copies', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every read reaches the database: these tests change releases behind the app's back.
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const titles = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
    expect(res.statusCode).toBe(200);
    const page = res.json<PagedReleases>();
    expect(page.totalItems).toBe(page.releases.length);
    return page.releases.map((r) => r.title);
  };

  it('follow a release moved between new and upcoming, hidden and shown again', async () => {
    const artist = await createArtist(t.db);
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    const credits = { artists: [artist], labels: [label], genres: [genre] };
    const early = await createRelease(t.db, {
      title: 'early',
      date: dayFromToday(-20),
      ...credits,
    });
    await createRelease(t.db, { title: 'late', date: dayFromToday(-10), ...credits });
    await createRelease(t.db, { title: 'soon', date: dayFromToday(5), ...credits });
    const every = [`artistId=${artist.id}`, `labelId=${label.id}`, `genreId=${genre.id}`];
    const lists = async (kind: string) =>
      Promise.all(every.map((filter) => titles(`type=${kind}&${filter}`)));
    const each = (list: string[]) => [list, list, list];

    expect(await lists('new')).toEqual(each(['late', 'early']));
    expect(await lists('upcoming')).toEqual(each(['soon']));
    expect(await lists('recently-added')).toEqual(each(['soon', 'late', 'early']));

    await setDate(early.id, dayFromToday(2));
    expect(await lists('new')).toEqual(each(['late']));
    expect(await lists('upcoming')).toEqual(each(['early', 'soon']));

    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, early.id));
    expect(await lists('upcoming')).toEqual(each(['soon']));
    expect(await lists('recently-added')).toEqual(each(['soon', 'late']));
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, early.id));
    expect(await lists('recently-added')).toEqual(each(['soon', 'late', 'early']));
  });

  it("count an artist's, a label's and a genre's visible releases for their lists' totals", async () => {
    const artist = await createArtist(t.db);
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    const credits = { artists: [artist], labels: [label], genres: [genre] };
    const out = await createRelease(t.db, { title: 'out', date: dayFromToday(-3), ...credits });
    await createRelease(t.db, { title: 'undated', date: null, ...credits });
    await createRelease(t.db, { title: 'soon', date: dayFromToday(4), ...credits });
    const other = await createRelease(t.db, { title: 'other', date: dayFromToday(-9), ...credits });
    const every = [`artistId=${artist.id}`, `labelId=${label.id}`, `genreId=${genre.id}`];
    const lists = async (kind: string) =>
      Promise.all(every.map((filter) => titles(`type=${kind}&${filter}`)));
    const each = (list: string[]) => [list, list, list];
    const owners = [
      [artists, artist.id],
      [labels, label.id],
      [genres, genre.id],
    ] as const;
    const counts = async () =>
      Promise.all(
        owners.map(async ([table, id]) => {
          const [row] = await t.db
            .select({ all: table.releasesCount, visible: table.visibleReleasesCount })
            .from(table)
            .where(eq(table.id, id));
          return row;
        }),
      );
    const expectCounts = async (all: number, visible: number) => {
      expect(await counts()).toEqual([
        { all, visible },
        { all, visible },
        { all, visible },
      ]);
      expect(await counterMismatches(t)).toEqual([]);
    };

    await expectCounts(4, 4);
    expect(await lists('new')).toEqual(each(['out', 'other']));
    expect(await lists('recently-added')).toEqual(each(['other', 'soon', 'undated', 'out']));

    // Hidden, merged away, then shown again: the counts of all stay.
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, out.id));
    await expectCounts(4, 3);
    expect(await lists('new')).toEqual(each(['other']));
    await t.db.update(releases).set({ mergedIntoId: other.id }).where(eq(releases.id, out.id));
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, out.id));
    await expectCounts(4, 3);
    await t.db.update(releases).set({ mergedIntoId: null }).where(eq(releases.id, out.id));
    await expectCounts(4, 4);
    expect(await lists('new')).toEqual(each(['out', 'other']));

    // A credit removed, a genre voted off and on, a link moved to another release.
    await t.db.delete(releaseArtists).where(eq(releaseArtists.releaseId, other.id));
    await t.db.delete(releaseLabels).where(eq(releaseLabels.releaseId, other.id));
    await voteGenre(t.db, other, genre, -1);
    await expectCounts(3, 3);
    expect(await lists('new')).toEqual(each(['out']));
    await voteGenre(t.db, other, genre, 2);
    expect(await titles(`type=new&genreId=${genre.id}`)).toEqual(['out', 'other']);
    const hidden = await createRelease(t.db, { title: 'hidden', pendingDeletion: true });
    await t.db
      .update(releaseLabels)
      .set({ releaseId: hidden.id })
      .where(eq(releaseLabels.releaseId, out.id));
    expect(await titles(`type=recently-added&labelId=${label.id}`)).toEqual(['soon', 'undated']);
    expect(await titles(`type=new&labelId=${label.id}`)).toEqual([]);
    expect(await counts()).toContainEqual({ all: 3, visible: 2 });
    expect(await counterMismatches(t)).toEqual([]);
  });

  const setDate = (id: string, date: string) =>
    t.db.update(releases).set({ date }).where(eq(releases.id, id));

  it("list a genre's releases while its net score on them is positive", async () => {
    const genre = await createGenre(t.db);
    const label = await createLabel(t.db);
    const release = await createRelease(t.db, { title: 'voted', labels: [label], genres: [genre] });
    expect(await titles(`genreId=${genre.id}`)).toEqual(['voted']);
    await voteGenre(t.db, release, genre, -1);
    expect(await titles(`genreId=${genre.id}`)).toEqual([]);
    expect(await titles(`type=upcoming&genreId=${genre.id}`)).toEqual([]);
    // Read from the label's links, the genre still decides.
    expect(await titles(`labelId=${label.id}&genreId=${genre.id}`)).toEqual([]);
    await voteGenre(t.db, release, genre, 2);
    expect(await titles(`labelId=${label.id}&genreId=${genre.id}`)).toEqual(['voted']);
  });
});
