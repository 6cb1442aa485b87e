import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistRef } from '@earmark/common';
import { REBUILD_RELEASE_ARTIST_CREDITS } from '../../db/copies-sql';
import { resultRows } from '../../db/rows';
import { artists, releaseArtists } from '../../db/schema/catalogue';
import { addRatings, createArtist, createRelease } from '../../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/**
 * Every card reads a release's artists from the copy the release carries
 * (releases.artist_credits); these check that the copy follows the credits
 * and the artists wherever they change.
 */
describe('releases: the artists a release carries', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The rows change under the server here, as triggers see them: nothing to drop from a cache.
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const names = (refs: ArtistRef[]) => refs.map((a) => a.name);

  /** The release's artists as its page, an entries list and search show them. */
  async function shown(releaseId: string, query: string): Promise<string[][]> {
    const page = await t.app.inject({ method: 'GET', url: `/api/releases/${releaseId}` });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/entries?releaseId=${releaseId}&sortBy=RatingDate`,
    });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/search?type=releases&q=${encodeURIComponent(query)}`,
    });
    const cards = found.json<{ releases: { id: string; artists: ArtistRef[] }[] }>().releases;
    return [
      names(page.json<{ artists: ArtistRef[] }>().artists),
      names(
        list.json<{ entries: { release: { artists: ArtistRef[] } }[] }>().entries[0]!.release
          .artists,
      ),
      names(cards.find((c) => c.id === releaseId)!.artists),
    ];
  }

  /** Releases whose copy differs from what the credits and artists say now. */
  async function stale(): Promise<number> {
    const [row] = resultRows<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from releases
        where artist_credits::text is distinct from release_artist_credits(id)::text`),
    );
    return row!.n;
  }

  it('follows credits set, reordered and removed, and artists renamed, hidden, shown and merged', async () => {
    const first = await createArtist(t.db, { name: 'Quillon Vale', nameLatin: 'Quillon' });
    const second = await createArtist(t.db, { name: 'Marrick Dunn' });
    const release = await createRelease(t.db, {
      title: 'Hollowmere',
      artists: [first, second],
    });
    await addRatings(t.db, release, [70]);
    const all = (list: string[]) => [list, list, list];
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Quillon Vale', 'Marrick Dunn']));
    const page = await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` });
    expect(page.json<{ artists: ArtistRef[] }>().artists[0]).toEqual({
      id: first.id,
      name: 'Quillon Vale',
      nameLatin: 'Quillon',
    });

    // Credits reordered, as an edit saves them.
    await t.db.transaction(async (tx) => {
      await tx.delete(releaseArtists).where(eq(releaseArtists.releaseId, release.id));
      await tx.insert(releaseArtists).values([
        { releaseId: release.id, artistId: second.id, position: 0 },
        { releaseId: release.id, artistId: first.id, position: 1 },
      ]);
    });
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Marrick Dunn', 'Quillon Vale']));

    // An artist renamed, then hidden while its deletion is pending, then shown again.
    await t.db.update(artists).set({ name: 'Quillon Vane' }).where(eq(artists.id, first.id));
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Marrick Dunn', 'Quillon Vane']));
    await t.db.update(artists).set({ pendingDeletion: true }).where(eq(artists.id, second.id));
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Quillon Vane']));
    await t.db.update(artists).set({ pendingDeletion: false }).where(eq(artists.id, second.id));
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Marrick Dunn', 'Quillon Vane']));

    // Merged away: the credit moves to the artist it went into.
    const target = await createArtist(t.db, { name: 'Marrick Dunne' });
    await t.db.transaction(async (tx) => {
      await tx.update(artists).set({ mergedIntoId: target.id }).where(eq(artists.id, second.id));
      await tx
        .update(releaseArtists)
        .set({ artistId: target.id })
        .where(eq(releaseArtists.artistId, second.id));
    });
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Marrick Dunne', 'Quillon Vane']));

    // A credit removed, then the last one: no artists.
    await t.db.delete(releaseArtists).where(eq(releaseArtists.artistId, target.id));
    expect(await shown(release.id, 'hollowmere')).toEqual(all(['Quillon Vane']));
    await t.db.delete(releaseArtists).where(eq(releaseArtists.releaseId, release.id));
    expect(await shown(release.id, 'hollowmere')).toEqual(all([]));

    expect(await stale()).toBe(0);
  });

  it('is rebuilt by the statement loads with triggers off run', async () => {
    const artist = await createArtist(t.db, { name: 'Sorrel Finch' });
    const release = await createRelease(t.db, { title: 'Lowland Hymns', artists: [artist] });
    await t.db.execute(sql`update releases set artist_credits = '[]'::json
      where id = ${release.id}`);
    expect(await stale()).toBe(1);
    await t.db.execute(sql.raw(REBUILD_RELEASE_ARTIST_CREDITS));
    expect(await stale()).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` });
    expect(names(page.json<{ artists: ArtistRef[] }>().artists)).toEqual(['Sorrel Finch']);
  });
});
