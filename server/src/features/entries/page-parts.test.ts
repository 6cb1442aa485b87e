import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, PagedEntries, Tag, TrackVote } from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from './test-support';

/**
 * A page of entries reads its entries' tags and track votes once for the
 * whole page: each entry must still carry its own, in order (tags by name,
 * track votes in track order), on first pages, later pages and cursor pages.
 */
describe('entries: the tags and track votes of a page', () => {
  let t: TestApp;
  let me: Member, other: Member;
  let r1: ReleaseRow, r2: ReleaseRow, r3: ReleaseRow;
  let tag: Record<'zeta' | 'alpha' | 'mid', Tag>;
  /** What each entry must carry, by entry id. */
  const expected = new Map<string, { tags: Tag[]; trackVotes: TrackVote[] }>();

  const trackIdsOf = async (r: ReleaseRow) =>
    (await t.db.select().from(tracks).where(eq(tracks.releaseId, r.id)).orderBy(tracks.order)).map(
      (x) => x.id,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    [me, other] = (await members(t, 2)) as [Member, Member];
    [r1, r2, r3] = [
      await createRelease(t.db, { tracks: 4 }),
      await createRelease(t.db, { tracks: 4 }),
      await createRelease(t.db, { tracks: 4 }),
    ];
    const newTag = (who: Member, name: string) =>
      ok<Tag>(call(t, who, 'POST', '/entries/user/tags', { name }), 201);
    tag = {
      zeta: await newTag(me, 'zeta'),
      alpha: await newTag(me, 'Alpha'),
      mid: await newTag(me, 'mid'),
    };
    const theirs = await newTag(other, 'theirs');

    const rate = async (who: Member, r: ReleaseRow, rating: number, tags: Tag[]) => {
      const e = await ok<Entry>(
        call(t, who, 'POST', '/entries', {
          releaseId: r.id,
          rating,
          tags: tags.map((x) => x.id),
        }),
        201,
      );
      expected.set(e.id, { tags, trackVotes: [] });
      return e;
    };
    const voteTracks = async (who: Member, e: Entry, r: ReleaseRow, votes: [number, 1 | -1][]) => {
      const ids = await trackIdsOf(r);
      for (const [n, vote] of votes) {
        await ok(call(t, who, 'POST', `/entries/track/${r.id}/${ids[n]}`, { vote }));
      }
      // In track order, whatever order they were cast in.
      expected.get(e.id)!.trackVotes = [...votes]
        .sort((a, b) => a[0] - b[0])
        .map(([n, vote]) => ({ trackId: ids[n]!, vote }));
    };
    const e1 = await rate(me, r1, 90, [tag.zeta, tag.alpha, tag.mid]);
    expected.get(e1.id)!.tags = [tag.alpha, tag.mid, tag.zeta];
    await voteTracks(me, e1, r1, [
      [3, -1],
      [0, 1],
    ]);
    await rate(me, r2, 80, []);
    const e3 = await rate(me, r3, 70, [tag.mid]);
    await voteTracks(me, e3, r3, [[2, 1]]);
    const e4 = await rate(other, r1, 60, [theirs]);
    await voteTracks(other, e4, r1, [[1, -1]]);
  });
  afterAll(async () => t?.close());

  const page = (query: string) => ok<PagedEntries>(call(t, null, 'GET', `/entries?${query}`));
  const partsOf = (list: PagedEntries) =>
    list.entries.map((e) => ({ id: e.id, tags: e.tags, trackVotes: e.trackVotes }));
  const expectedFor = (list: PagedEntries) =>
    list.entries.map((e) => ({ id: e.id, ...expected.get(e.id)! }));

  it("carries each entry's own tags by name and track votes in track order", async () => {
    const mine = await page(`userId=${me.user.id}&sortBy=RatingHighToLow`);
    expect(mine.entries).toHaveLength(3);
    expect(partsOf(mine)).toEqual(expectedFor(mine));
    expect(mine.entries[0]!.tags.map((x) => x.name)).toEqual(['Alpha', 'mid', 'zeta']);
    expect(mine.entries[1]!).toMatchObject({ tags: [], trackVotes: [], hasTrackVotes: false });
    const onRelease = await page(`releaseId=${r1.id}&sortBy=RatingDate`);
    expect(onRelease.entries).toHaveLength(2);
    expect(partsOf(onRelease)).toEqual(expectedFor(onRelease));
  });

  it('carries them on later pages and cursor pages too', async () => {
    const first = await page(`userId=${me.user.id}&sortBy=RatingHighToLow&pageSize=1`);
    const second = await page(`userId=${me.user.id}&sortBy=RatingHighToLow&pageSize=1&page=3`);
    const next = await page(
      `userId=${me.user.id}&sortBy=RatingHighToLow&pageSize=1&cursor=${first.nextCursor}`,
    );
    for (const list of [first, second, next]) {
      expect(list.entries).toHaveLength(1);
      expect(partsOf(list)).toEqual(expectedFor(list));
    }
    expect(second.entries[0]!.tags).toEqual([tag.mid]);
    expect(next.entries[0]!).toMatchObject({ tags: [], trackVotes: [] });
  });

  it('drops a deleted tag from the entries that carried it', async () => {
    await ok(call(t, me, 'DELETE', `/entries/user/tags/${tag.mid.id}`), 204);
    const mine = await page(`userId=${me.user.id}&sortBy=RatingHighToLow&pageSize=7`);
    expect(mine.entries.map((e) => e.tags.map((x) => x.name))).toEqual([['Alpha', 'zeta'], [], []]);
  });
});
