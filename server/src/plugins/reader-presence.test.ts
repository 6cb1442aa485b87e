import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, PagedEntries, PagedReleases, ViewerEntry } from '@earmark/common';
import { buildPeerApp, buildTestApp, type TestApp } from '../../test/helpers';
import { capturingStatements, type Statement } from '../../test/plans';
import { createRelease } from '../../test/catalogue-factories';
import { waitFor } from '../features/auth/test-support';
import { call, members, ok, type Member } from '../features/entries/test-support';
import { viewerEntriesOf } from '../features/releases/summaries';
import { newId } from '../lib/ids';
import { hearReaderRows, probedFor, unannounced } from './reader-presence-test-support';

// The read cache off, so every page is made again and looks its reader's entries up.
const env = { READ_CACHE_SECONDS: '0', READER_IDS_KEPT: '10000' };

const popular = '/releases?type=popular';
const reviews = '/entries?withReview=true';

/** The releases a lookup of `who`'s own entries probed (not their votes, looked up by pairs too). */
const entriesProbed = (statements: Statement[], who: Member) =>
  probedFor(statements, who, 'track_votes_count');

const entriesOn = (page: PagedReleases) =>
  Object.fromEntries(page.releases.map((r) => [r.id, r.viewerEntry]));

describe('which releases readers have entries on, and those entries, kept by each instance', () => {
  let t: TestApp;
  let rater: Member;
  let reviewer: Member;
  let reader: Member;
  let ids: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env });
    [rater, reviewer, reader] = (await members(t, 3)) as [Member, Member, Member];
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createRelease(t.db)).id);
    for (const releaseId of ids.slice(0, 2))
      await ok<Entry>(call(t, rater, 'POST', '/entries', { releaseId, rating: 70 }), 201);
    await ok<Entry>(
      call(t, reviewer, 'POST', '/entries', { releaseId: ids[0], review: 'Long and slow' }),
      201,
    );
  });
  afterAll(async () => t?.close());

  it('reads a kept reader’s entries on a page from memory and a page of entries probes none', async () => {
    for (const [who, theirs] of [
      [rater, ids.slice(0, 2)],
      [reviewer, ids.slice(0, 1)],
      [reader, []],
    ] as [Member, string[]][]) {
      // A page reads their entries (kept once no announcement came meanwhile).
      await waitFor(async () => {
        await ok(call(t, who, 'GET', popular));
        return t.app.readerPresence!.keeps(who.user.id) || undefined;
      }, 2000);
      let page: PagedReleases | undefined;
      let statements = await capturingStatements(t, async () => {
        page = await ok<PagedReleases>(call(t, who, 'GET', popular));
      });
      expect(page!.releases.map((r) => r.id)).toEqual(expect.arrayContaining(ids.slice(0, 2)));
      expect(entriesProbed(statements, who)).toEqual([]);
      expect(Object.values(entriesOn(page!)).filter(Boolean)).toHaveLength(theirs.length);
      // Kept frozen: pages share them, and their JSON is written once.
      const kept = await t.app.readerPresence!.entriesOn(who.user.id, ids);
      expect([...kept!.values()].every((entry) => Object.isFrozen(entry))).toBe(true);
      // What every release's lookup, in a transaction (never narrowed), gives them.
      const all = await t.db.transaction((tx) => viewerEntriesOf(tx, who.user.id, ids));
      expect(entriesOn(page!)).toEqual(
        Object.fromEntries(page!.releases.map((r) => [r.id, all.get(r.id) ?? null])),
      );
      // A site-wide page of entries gives its reader's entries after it, kept too.
      let reviewsPage: PagedEntries | undefined;
      statements = await capturingStatements(t, async () => {
        reviewsPage = await ok<PagedEntries>(call(t, who, 'GET', reviews));
      });
      expect(reviewsPage!.entries.map((e) => e.releaseId)).toEqual([ids[0]]);
      expect(entriesProbed(statements, who)).toEqual([]);
      expect(reviewsPage!.entries[0]!.release.viewerEntry?.id ?? null).toBe(
        all.get(ids[0]!)?.id ?? null,
      );
    }
  });

  it('shows a reader’s new entry on their next page at once', async () => {
    const [newcomer] = (await members(t, 1)) as [Member];
    const before = await ok<PagedReleases>(call(t, newcomer, 'GET', popular));
    expect(Object.values(entriesOn(before))).toEqual(before.releases.map(() => null));
    const entry = await ok<Entry>(
      call(t, newcomer, 'POST', '/entries', { releaseId: ids[1], rating: 40 }),
      201,
    );
    const after = await ok<PagedReleases>(call(t, newcomer, 'GET', popular));
    expect(entriesOn(after)[ids[1]!]).toEqual<ViewerEntry>({
      id: entry.id,
      rating: 40,
      hasReview: false,
      hasTrackVotes: false,
    });
  });

  it('shows an entry written by another instance once PostgreSQL announces it', async () => {
    const [traveller] = (await members(t, 1)) as [Member];
    const peer = await buildPeerApp(t);
    try {
      const page = async () =>
        entriesOn(await ok<PagedReleases>(call(t, traveller, 'GET', popular)));
      expect((await page())[ids[0]!]).toBeNull();
      const entry = await ok<Entry>(
        call({ ...t, app: peer }, traveller, 'POST', '/entries', { releaseId: ids[0], rating: 90 }),
        201,
      );
      const shown = await waitFor(async () => (await page())[ids[0]!] ?? undefined, 2000);
      expect(shown.id).toBe(entry.id);
    } finally {
      await peer.close();
    }
  });

  it('shows an entry changed or removed by another instance once PostgreSQL announces it', async () => {
    const [traveller] = (await members(t, 1)) as [Member];
    const peer = await buildPeerApp(t);
    try {
      const page = async () =>
        entriesOn(await ok<PagedReleases>(call(t, traveller, 'GET', popular)));
      const entry = await ok<Entry>(
        call(t, traveller, 'POST', '/entries', { releaseId: ids[1], rating: 30 }),
        201,
      );
      await waitFor(async () => {
        expect((await page())[ids[1]!]?.rating).toBe(30);
        return t.app.readerPresence!.keeps(traveller.user.id) || undefined;
      }, 2000);
      const elsewhere = { ...t, app: peer };
      await ok(call(elsewhere, traveller, 'PATCH', `/entries/${entry.id}`, { rating: 95 }));
      await waitFor(async () => ((await page())[ids[1]!]?.rating === 95 ? true : undefined), 2000);
      await ok(
        call(elsewhere, traveller, 'PATCH', `/entries/${entry.id}`, { review: 'Better each time' }),
      );
      await waitFor(async () => ((await page())[ids[1]!]?.hasReview ? true : undefined), 2000);
      await ok(call(elsewhere, traveller, 'DELETE', `/entries/${entry.id}`), 204);
      await waitFor(async () => ((await page())[ids[1]!] === null ? true : undefined), 2000);
    } finally {
      await peer.close();
    }
  });

  it('reads a kept reader’s entries from memory, not from the database', async () => {
    const [quiet] = (await members(t, 1)) as [Member];
    const rating = async () =>
      entriesOn(await ok<PagedReleases>(call(t, quiet, 'GET', popular)))[ids[1]!]?.rating ?? null;
    await waitFor(async () => {
      expect(await rating()).toBeNull();
      return t.app.readerPresence!.keeps(quiet.user.id) || undefined;
    }, 2000);
    // Unannounced (the triggers off), an entry written elsewhere stays unseen while kept.
    const id = newId();
    await unannounced(t, 'entries', 'entries_added_notify', () =>
      t.db.execute(sql`insert into entries (id, user_id, release_id, rating, rating_updated_at)
        values (${id}, ${quiet.user.id}, ${ids[1]}, 10, now())`),
    );
    expect(await rating()).toBeNull();
    t.app.readerPresence!.dropUsers([quiet.user.id]);
    expect(await rating()).toBe(10);
    // And so does its rating changed.
    await unannounced(t, 'entries', 'entries_changed_notify', () =>
      t.db.execute(sql`update entries set rating = 20 where id = ${id}`),
    );
    expect(await rating()).toBe(10);
    t.app.readerPresence!.dropUsers([quiet.user.id]);
    expect(await rating()).toBe(20);
  });

  it('announces the users who gain, change or lose an entry, not other changes', async () => {
    const { heard, stop } = await hearReaderRows(t);
    try {
      const [mover] = (await members(t, 1)) as [Member];
      const entry = await ok<Entry>(
        call(t, mover, 'POST', '/entries', { releaseId: ids[0], rating: 50 }),
        201,
      );
      await waitFor(() => (heard.includes(mover.user.id) ? true : undefined), 2000);
      const announced = async (change: ReturnType<typeof sql>) => {
        heard.length = 0;
        await t.db.execute(change);
        // A write announced nothing when a later one is heard alone.
        await t.db.execute(sql`select pg_notify('earmark_entry_users', 'mark')`);
        await waitFor(() => (heard.includes('mark') ? true : undefined), 2000);
        return heard.filter((payload) => payload !== 'mark');
      };
      const him = [mover.user.id];
      // What a page shows of the entry: announced.
      expect(await announced(sql`update entries set rating = 60 where id = ${entry.id}`)).toEqual(
        him,
      );
      expect(
        await announced(sql`update entries set review = 'Fine' where id = ${entry.id}`),
      ).toEqual(him);
      expect(
        await announced(sql`update entries set track_votes_count = 2 where id = ${entry.id}`),
      ).toEqual(him);
      // Nothing a page shows of it: not announced.
      expect(
        await announced(sql`update entries set review = 'Finer' where id = ${entry.id}`),
      ).toEqual([]);
      expect(
        await announced(sql`update entries set comments_count = 3, track_votes_count = 1
          where id = ${entry.id}`),
      ).toEqual([]);
      // Moved to another release, as a merge moves entries: announced.
      expect(
        await announced(sql`update entries set release_id = ${ids[2]} where id = ${entry.id}`),
      ).toEqual(him);
      // Removed: announced.
      expect(await announced(sql`delete from entries where id = ${entry.id}`)).toEqual(him);
    } finally {
      await stop();
    }
  });
});
