import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist, Entry, PagedReleases, Release } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { readReleasePage, RELEASE_NOT_FOUND, type ReleasePageRead } from '../releases/service';
import { createArtist, createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from './test-support';

describe('entries: the viewer’s own entry on release summaries', () => {
  let t: TestApp;
  let me: Member;
  let other: Member;
  let rated: ReleaseRow;
  let untouched: ReleaseRow;
  let artistId: string;
  let entry: Entry;
  beforeAll(async () => {
    t = await buildTestApp();
    [me, other] = (await members(t, 2)) as [Member, Member];
    const artist = await createArtist(t.db);
    artistId = artist.id;
    rated = await createRelease(t.db, { artists: [artist], tracks: 2 });
    untouched = await createRelease(t.db, { artists: [artist] });
    entry = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId: rated.id, rating: 85, review: 'Yes' }),
      201,
    );
    await ok(call(t, other, 'POST', '/entries', { releaseId: untouched.id, rating: 20 }), 201);
  });
  afterAll(async () => t?.close());

  const mine = { hasReview: true, hasTrackVotes: false, rating: 85 };

  it('release lists carry it for a signed-in viewer: their entry, or null', async () => {
    const page = await ok<PagedReleases>(call(t, me, 'GET', '/releases?type=recently-added'));
    const byId = new Map(page.releases.map((r) => [r.id, r]));
    expect(byId.get(rated.id)?.viewerEntry).toEqual({ id: entry.id, ...mine });
    // Someone else's entry is not the viewer's.
    expect(byId.get(untouched.id)?.viewerEntry).toBeNull();
  });

  it('the release page and the artist page carry it too', async () => {
    const release = await ok<Release>(call(t, me, 'GET', `/releases/${rated.id}`));
    expect(release.viewerEntry).toEqual({ id: entry.id, ...mine });
    const artist = await ok<Artist>(call(t, me, 'GET', `/artists/${artistId}`));
    expect(artist.releases.find((r) => r.id === rated.id)?.viewerEntry).toMatchObject(mine);
    expect(artist.releases.find((r) => r.id === untouched.id)?.viewerEntry).toBeNull();
  });

  it('comes with the release page in one statement when the read cache does not hold it', async () => {
    t.app.readCache.clear();
    let release: Release | undefined;
    // Besides the viewer's session, looked up first on every signed-in request.
    const reads = async (fn: () => Promise<unknown>) =>
      (await capturingStatements(t, fn)).filter((s) => !s.query.includes('"sessions"'));
    const statements = await reads(async () => {
      release = await ok<Release>(call(t, me, 'GET', `/releases/${rated.id}`));
    });
    expect(release?.viewerEntry).toEqual({ id: entry.id, ...mine });
    expect(statements).toHaveLength(1);
    // Held by the cache now: only the viewer's entry is read.
    const cached = await reads(async () => {
      release = await ok<Release>(call(t, other, 'GET', `/releases/${rated.id}`));
    });
    expect(release?.viewerEntry).toBeNull();
    expect(cached).toHaveLength(1);
    expect(cached[0]!.query).not.toMatch(/tracks/);
    // Viewers reading the cached page at the same time each get their own entry.
    const both = await Promise.all(
      [me, other, me].map((who) => ok<Release>(call(t, who, 'GET', `/releases/${rated.id}`))),
    );
    expect(both.map((r) => r.viewerEntry?.id ?? null)).toEqual([entry.id, null, entry.id]);
  });

  it('is each reader’s own when release pages asked for together are read together', async () => {
    t.app.readCache.clear();
    const asked = [
      [me, rated],
      [other, rated],
      [null, rated],
      [other, untouched],
      [me, untouched],
    ] as const;
    const pages = await Promise.all(
      asked.map(([who, release]) => ok<Release>(call(t, who, 'GET', `/releases/${release.id}`))),
    );
    expect(pages.map((p) => p.id)).toEqual(asked.map(([, release]) => release.id));
    expect(pages.map((p) => p.viewerEntry?.rating ?? p.viewerEntry)).toEqual([
      85,
      null,
      undefined,
      20,
      null,
    ]);
    // Asked for in the same turn, they are one statement; an unknown id is not found.
    let read: (ReleasePageRead | string)[] = [];
    const statements = await capturingStatements(t, async () => {
      read = await Promise.all(
        [rated.id, 'no-such-release', untouched.id].map((id) =>
          readReleasePage(t.db, id, me.user.id).catch((err: Error) => err.message),
        ),
      );
    });
    expect(statements).toHaveLength(1);
    expect(read.map((r) => (typeof r === 'string' ? r : r.viewerEntry?.rating))).toEqual([
      85,
      RELEASE_NOT_FOUND,
      undefined,
    ]);
  });

  it('is kept for its reader until their own write, read again only then', async () => {
    t.app.readCache.clear();
    const list = '/releases?type=recently-added';
    const viewerEntryOf = (page: PagedReleases, id: string) =>
      page.releases.find((r) => r.id === id)?.viewerEntry;
    /**
     * The statements of `who` reading the list that read readers' entries:
     * looked up, or read with the page made for them.
     */
    const entryReads = async (who: Member) => {
      let page: PagedReleases | undefined;
      const statements = await capturingStatements(t, async () => {
        page = await ok<PagedReleases>(call(t, who, 'GET', list));
      });
      const reads = statements.filter(
        (s) => s.query.includes('k.viewer') || s.query.includes('entry_of_reader'),
      );
      return { page: page!, reads };
    };
    expect((await entryReads(me)).reads).toHaveLength(1);
    // Held: neither the reader's second look nor another's write reads them again.
    expect((await entryReads(me)).reads).toHaveLength(0);
    await ok(call(t, other, 'POST', '/entries', { releaseId: untouched.id, rating: 30 }));
    const held = await entryReads(me);
    expect(held.reads).toHaveLength(0);
    expect(viewerEntryOf(held.page, untouched.id)).toBeNull();
    // The reader's own write is seen on their next read.
    const made = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId: untouched.id, rating: 40 }),
      201,
    );
    const after = await entryReads(me);
    expect(after.reads).toHaveLength(1);
    expect(viewerEntryOf(after.page, untouched.id)).toMatchObject({ id: made.id, rating: 40 });
    expect(viewerEntryOf(after.page, rated.id)).toEqual({ id: entry.id, ...mine });
    await ok(call(t, me, 'DELETE', `/entries/${made.id}`), 204);
    expect(viewerEntryOf((await entryReads(me)).page, untouched.id)).toBeNull();
    // The other reader's rows were never theirs to lose.
    expect(viewerEntryOf((await entryReads(other)).page, untouched.id)).toMatchObject({
      rating: 30,
    });
  });

  it('follows track votes as they come and go', async () => {
    const page = await ok<Release>(call(t, me, 'GET', `/releases/${rated.id}`));
    const url = `/entries/track/${rated.id}/${page.tracks[0]!.id}`;
    await ok(call(t, me, 'POST', url, { vote: 1 }));
    let again = await ok<Release>(call(t, me, 'GET', `/releases/${rated.id}`));
    expect(again.viewerEntry?.hasTrackVotes).toBe(true);
    await ok(call(t, me, 'DELETE', url));
    again = await ok<Release>(call(t, me, 'GET', `/releases/${rated.id}`));
    expect(again.viewerEntry?.hasTrackVotes).toBe(false);
  });

  it('is absent for signed-out viewers', async () => {
    const page = await ok<PagedReleases>(call(t, null, 'GET', '/releases?type=recently-added'));
    for (const r of page.releases) expect(r).not.toHaveProperty('viewerEntry');
    const release = await ok<Release>(call(t, null, 'GET', `/releases/${rated.id}`));
    expect(release).not.toHaveProperty('viewerEntry');
    const artist = await ok<Artist>(call(t, null, 'GET', `/artists/${artistId}`));
    for (const r of artist.releases) expect(r).not.toHaveProperty('viewerEntry');
  });
});
