import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseListKind, type PagedReleases, type Release } from '@earmark/common';
import { artists, releases } from '../../db/schema/catalogue';
import {
  catalogueTags,
  releaseEditTags,
  releaseListKindsOf,
  releasePageTags,
} from '../../lib/cache-tags';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  dayFromToday,
} from '../../../test/catalogue-factories';

describe('release pages: tagged by what they show', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  /** Renames rows behind the cache's back, so only an invalidation shows the new names. */
  const retitle = (id: string, title: string) =>
    t.db.update(releases).set({ title }).where(eq(releases.id, id));

  it("drops an artist's release pages on the artist's tag, and no other release page", async () => {
    const [one, other] = [await createArtist(t.db), await createArtist(t.db)];
    const mine = await createRelease(t.db, { artists: [one] });
    const alsoMine = await createRelease(t.db, { artists: [other, one] });
    const theirs = await createRelease(t.db, { artists: [other] });
    const filtered = `/releases?type=new&artistId=${other.id}`;
    for (const r of [mine, alsoMine, theirs]) await get<Release>(`/releases/${r.id}`);
    await get<PagedReleases>(filtered);

    for (const r of [mine, alsoMine, theirs]) await retitle(r.id, `${r.title} (edited)`);
    t.app.readCache.invalidate(catalogueTags.artist(one.id));

    expect((await get<Release>(`/releases/${mine.id}`)).title).toBe(`${mine.title} (edited)`);
    expect((await get<Release>(`/releases/${alsoMine.id}`)).title).toBe(
      `${alsoMine.title} (edited)`,
    );
    // Another artist's release page, and a list of that artist's, keep their cached payloads.
    expect((await get<Release>(`/releases/${theirs.id}`)).title).toBe(theirs.title);
    const list = await get<PagedReleases>(filtered);
    // alsoMine's card shows the first artist too, so the list page went with it.
    expect(list.releases.map((r) => r.title).sort()).toEqual(
      [`${alsoMine.title} (edited)`, `${theirs.title} (edited)`].sort(),
    );
  });

  it('keeps list pages through a rating but drops them on an edit of a release they show', async () => {
    const artist = await createArtist(t.db);
    const shown = await createRelease(t.db, { artists: [artist] });
    const page = `/releases?type=new&artistId=${artist.id}`;
    await get<PagedReleases>(page);
    await retitle(shown.id, 'Renamed');
    // Community writes (entries, votes) drop the release page, not the lists.
    t.app.readCache.invalidate(`release:${shown.id}`);
    expect((await get<PagedReleases>(page)).releases[0]!.title).toBe(shown.title);
    expect((await get<Release>(`/releases/${shown.id}`)).title).toBe('Renamed');
    t.app.readCache.invalidate(
      ...releaseEditTags({ releaseId: shown.id, dates: [shown.date], today: dayFromToday() }),
    );
    expect((await get<PagedReleases>(page)).releases[0]!.title).toBe('Renamed');
  });

  it('tags a release page with its release, artists, labels and genres', async () => {
    const [artist, label, genre] = [
      await createArtist(t.db),
      await createLabel(t.db),
      await createGenre(t.db),
    ];
    const release = await createRelease(t.db, {
      artists: [artist],
      labels: [label],
      genres: [genre],
    });
    const page = await get<Release>(`/releases/${release.id}`);
    expect(releasePageTags(page).sort()).toEqual(
      [
        `release:${release.id}`,
        catalogueTags.release(release.id),
        catalogueTags.artist(artist.id),
        catalogueTags.label(label.id),
        catalogueTags.genre(genre.id),
      ].sort(),
    );
    // A renamed artist shows on the page once its tag is dropped.
    await t.db.update(artists).set({ name: 'New name' }).where(eq(artists.id, artist.id));
    t.app.readCache.invalidate(catalogueTags.artist(artist.id));
    expect((await get<Release>(`/releases/${release.id}`)).artists[0]!.name).toBe('New name');
  });

  it('names the list kinds a release may enter or leave by its date', () => {
    const today = '2026-06-01';
    expect(releaseListKindsOf({ date: '2026-07-01' }, today).sort()).toEqual(
      [ReleaseListKind.Upcoming, ReleaseListKind.RecentlyAdded, ReleaseListKind.Popular].sort(),
    );
    expect(releaseListKindsOf({ date: '2026-05-01' }, today)).not.toContain(
      ReleaseListKind.Upcoming,
    );
    // Moving the date from the future to the past reaches both sets.
    const tags = releaseEditTags({ releaseId: 'r', dates: ['2026-07-01', '2026-05-01'], today });
    expect(tags).toContain(catalogueTags.list(ReleaseListKind.Upcoming));
    expect(tags).toContain(catalogueTags.list(ReleaseListKind.Top));
  });
});
