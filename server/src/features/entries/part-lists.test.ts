import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, Tag } from '@earmark/common';
import { REBUILD_ENTRY_PART_LISTS } from '../../db/copies-sql';
import { rowsOf } from '../../db/rows';
import { tracks } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, member, ok, type Member } from './test-support';

/**
 * An entry keeps the lists of its tags and track votes it shows (tag_list,
 * track_vote_list), which pages of entries read with their rows: set by
 * every write of a tag or a vote, and moved by a tag's rename or deletion,
 * a track's move in its release's order or its removal.
 */
describe("entries' lists of their tags and track votes", () => {
  let t: TestApp;
  let me: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await member(t);
  });
  afterAll(async () => t?.close());

  const tag = (name: string) => ok<Tag>(call(t, me, 'POST', '/entries/user/tags', { name }), 201);
  const entryOf = (id: string) => ok<Entry>(call(t, me, 'GET', `/entries/${id}`));
  /** The entries whose kept lists differ from the lists worked out afresh. */
  const stale = () =>
    rowsOf<{ id: string }>(
      t.db,
      sql`select id from entries
        where tag_list::text is distinct from entry_tag_list(id)::text
          or track_vote_list::text is distinct from entry_track_vote_list(id)::text`,
    );
  const tracksOf = async (r: ReleaseRow) =>
    (
      await t.db
        .select({ id: tracks.id })
        .from(tracks)
        .where(eq(tracks.releaseId, r.id))
        .orderBy(asc(tracks.order))
    ).map((x) => x.id);

  it("follow a tag's rename and deletion", async () => {
    const [blue, green] = [await tag('blue'), await tag('green')];
    const r = await createRelease(t.db);
    const e = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId: r.id, tags: [green.id, blue.id] }),
      201,
    );
    expect(e.tags).toEqual([blue, green]);

    await ok(call(t, me, 'PATCH', `/entries/user/tags/${blue.id}`, { name: 'yellow' }));
    expect((await entryOf(e.id)).tags).toEqual([green, { id: blue.id, name: 'yellow' }]);

    await ok(call(t, me, 'DELETE', `/entries/user/tags/${green.id}`), 204);
    expect((await entryOf(e.id)).tags).toEqual([{ id: blue.id, name: 'yellow' }]);
    await ok(call(t, me, 'DELETE', `/entries/user/tags/${blue.id}`), 204);
    expect((await entryOf(e.id)).tags).toEqual([]);
    const [row] = await t.db
      .select({ tagList: entries.tagList })
      .from(entries)
      .where(eq(entries.id, e.id));
    expect(row!.tagList).toBeNull();
    expect(await stale()).toEqual([]);
  });

  it("follow a track's move in its release's order and its removal", async () => {
    const r = await createRelease(t.db, { tracks: 3, date: '2001-01-01' });
    const [a, , c] = await tracksOf(r);
    await ok(call(t, me, 'POST', `/entries/track/${r.id}/${a}`, { vote: 1 }));
    const voted = await ok<{ entry: Entry }>(
      call(t, me, 'POST', `/entries/track/${r.id}/${c}`, { vote: -1 }),
    );
    expect(voted.entry.trackVotes).toEqual([
      { trackId: a, vote: 1 },
      { trackId: c, vote: -1 },
    ]);

    // The last track becomes the first.
    await t.db.update(tracks).set({ order: -1 }).where(eq(tracks.id, c!));
    expect((await entryOf(voted.entry.id)).trackVotes).toEqual([
      { trackId: c, vote: -1 },
      { trackId: a, vote: 1 },
    ]);

    await t.db.delete(tracks).where(eq(tracks.id, a!));
    expect((await entryOf(voted.entry.id)).trackVotes).toEqual([{ trackId: c, vote: -1 }]);
    expect(await stale()).toEqual([]);
  });

  it('are rebuilt whole after a load with triggers off', async () => {
    const r = await createRelease(t.db, { tracks: 2, date: '2001-01-01' });
    const [first] = await tracksOf(r);
    const named = await tag('rebuilt');
    const e = await ok<Entry>(
      call(t, me, 'POST', '/entries', { releaseId: r.id, tags: [named.id] }),
      201,
    );
    await ok(call(t, me, 'POST', `/entries/track/${r.id}/${first}`, { vote: 1 }));
    await t.db.update(entries).set({ tagList: null, trackVoteList: null });
    expect(await stale()).not.toEqual([]);
    await t.db.execute(sql.raw(REBUILD_ENTRY_PART_LISTS));
    expect(await stale()).toEqual([]);
    expect(await entryOf(e.id)).toMatchObject({
      tags: [named],
      trackVotes: [{ trackId: first, vote: 1 }],
    });
  });
});
