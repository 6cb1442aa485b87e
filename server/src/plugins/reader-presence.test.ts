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

describe('which releases readers have entries on, kept by each instance', () => {
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

  it('looks up only the releases a reader has entries on', async () => {
    for (const [who, theirs] of [
      [rater, ids.slice(0, 2)],
      [reviewer, ids.slice(0, 1)],
      [reader, []],
    ] as [Member, string[]][]) {
      // A page reads which releases they have entries on (kept once no announcement came meanwhile).
      await waitFor(async () => {
        await ok(call(t, who, 'GET', popular));
        return t.app.readerPresence!.keeps(who.user.id) || undefined;
      }, 2000);
      let page: PagedReleases | undefined;
      let statements = await capturingStatements(t, async () => {
        page = await ok<PagedReleases>(call(t, who, 'GET', popular));
      });
      expect(page!.releases.map((r) => r.id)).toEqual(expect.arrayContaining(ids.slice(0, 2)));
      expect(entriesProbed(statements, who)).toEqual(theirs.sort());
      // What every release's lookup, in a transaction (never narrowed), gives them.
      const all = await t.db.transaction((tx) => viewerEntriesOf(tx, who.user.id, ids));
      expect(entriesOn(page!)).toEqual(
        Object.fromEntries(page!.releases.map((r) => [r.id, all.get(r.id) ?? null])),
      );
      // A site-wide page of entries looks its reader's entries up after it: narrowed too.
      let reviewsPage: PagedEntries | undefined;
      statements = await capturingStatements(t, async () => {
        reviewsPage = await ok<PagedEntries>(call(t, who, 'GET', reviews));
      });
      expect(reviewsPage!.entries.map((e) => e.releaseId)).toEqual([ids[0]]);
      expect(entriesProbed(statements, who)).toEqual(theirs.includes(ids[0]!) ? [ids[0]] : []);
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

  it('reads a kept reader’s releases from memory, not from the database', async () => {
    const [quiet] = (await members(t, 1)) as [Member];
    const rating = async () =>
      entriesOn(await ok<PagedReleases>(call(t, quiet, 'GET', popular)))[ids[1]!]?.rating ?? null;
    await waitFor(async () => {
      expect(await rating()).toBeNull();
      return t.app.readerPresence!.keeps(quiet.user.id) || undefined;
    }, 2000);
    // Unannounced (the trigger off), an entry written elsewhere stays unseen while kept.
    await unannounced(t, 'entries', 'entries_added_notify', () =>
      t.db.execute(sql`insert into entries (id, user_id, release_id, rating, rating_updated_at)
        values (${newId()}, ${quiet.user.id}, ${ids[1]}, 10, now())`),
    );
    expect(await rating()).toBeNull();
    t.app.readerPresence!.dropUsers([quiet.user.id]);
    expect(await rating()).toBe(10);
  });

  it('announces the users who gain an entry on a release, not other changes', async () => {
    const { heard, stop } = await hearReaderRows(t);
    try {
      const [mover] = (await members(t, 1)) as [Member];
      const entry = await ok<Entry>(
        call(t, mover, 'POST', '/entries', { releaseId: ids[0], rating: 50 }),
        201,
      );
      await waitFor(() => (heard.includes(mover.user.id) ? true : undefined), 2000);
      heard.length = 0;
      // A rating changed: no release gained.
      await t.db.execute(sql`update entries set rating = 60 where id = ${entry.id}`);
      // Moved to another release, as a merge moves entries: announced.
      await t.db.execute(sql`update entries set release_id = ${ids[2]} where id = ${entry.id}`);
      await waitFor(() => (heard.length > 0 ? true : undefined), 2000);
      expect(heard).toEqual([mover.user.id]);
    } finally {
      await stop();
    }
  });
});
