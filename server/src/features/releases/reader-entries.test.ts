import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ReleaseListKind,
  releasesQuerySchema,
  type Entry,
  type PagedReleases,
  type ViewerEntry,
} from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements, type Statement } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { untilEntriesHeld } from '../../plugins/reader-presence-test-support';
import { call, members, ok, type Member } from '../entries/test-support';
import { ReleaseListCache } from './list-cache';
import { listReleases, listReleasesFor } from './lists';
import { viewerEntriesOf } from './summaries';

/**
 * Three releases; `rater` rated the first two, `reviewer` reviewed the
 * first; `reader` has nothing on any. The popular list ranks them (a
 * ranking kept apart, its page's releases read by id) and the recently
 * added list walks them (its page's releases read with its walk): a page
 * made for a signed-in reader reads their entries in its own statement.
 */
async function threeReleases(env: Record<string, string>) {
  const t: TestApp = await buildTestApp({ env });
  const [rater, reviewer, reader] = (await members(t, 3)) as [Member, Member, Member];
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await createRelease(t.db)).id);
  const rated: Entry[] = [];
  for (const releaseId of ids.slice(0, 2))
    rated.push(await ok<Entry>(call(t, rater, 'POST', '/entries', { releaseId, rating: 70 }), 201));
  const reviewed = await ok<Entry>(
    call(t, reviewer, 'POST', '/entries', { releaseId: ids[0], review: 'Long and slow' }),
    201,
  );
  return { t, rater, reviewer, reader, ids, rated, reviewed };
}

const lists = ['/releases?type=popular', '/releases?type=recently-added'];

/** Statements that look a reader's entries up apart from the page. */
const lookups = (statements: Statement[]) => statements.filter((s) => s.query.includes('k.viewer'));

/** A page's viewer entries by release. */
const entriesOn = (page: PagedReleases) =>
  Object.fromEntries(page.releases.map((r) => [r.id, r.viewerEntry]));

describe('release lists: a reader’s entries read with the page, the cache off', () => {
  let t: TestApp;
  let rater: Member;
  let reviewer: Member;
  let reader: Member;
  let ids: string[];
  let rated: Entry[];
  let reviewed: Entry;
  beforeAll(async () => {
    ({ t, rater, reviewer, reader, ids, rated, reviewed } = await threeReleases({
      READ_CACHE_SECONDS: '0',
    }));
  });
  afterAll(async () => t?.close());

  it.each(lists)('gives each reader their own entries on %s, with no lookup', async (list) => {
    for (const who of [rater, reviewer, reader]) {
      let page: PagedReleases | undefined;
      const statements = await capturingStatements(t, async () => {
        page = await ok<PagedReleases>(call(t, who, 'GET', list));
      });
      const shown = page!.releases.map((r) => r.id);
      expect(shown).toEqual(expect.arrayContaining(ids.slice(0, 2)));
      expect(lookups(statements)).toEqual([]);
      // What the lookups give the same reader.
      const lookedUp = await viewerEntriesOf(t.db, who.user.id, shown);
      expect(entriesOn(page!)).toEqual(
        Object.fromEntries(shown.map((id) => [id, lookedUp.get(id) ?? null])),
      );
    }
  });

  it.each(lists)('gives the rater, the reviewer and the reader theirs on %s', async (list) => {
    const [asRater, asReviewer, asReader, signedOut] = await Promise.all(
      [rater, reviewer, reader, null].map((who) => ok<PagedReleases>(call(t, who, 'GET', list))),
    );
    const entry = (e: Entry): ViewerEntry => ({
      id: e.id,
      rating: e.rating?.rating ?? null,
      hasReview: e.review !== null,
      hasTrackVotes: false,
    });
    /** What a page shows `who`: `theirs` on those releases, null on the others. */
    const only = (page: PagedReleases, theirs: Record<string, ViewerEntry>) =>
      Object.fromEntries(page.releases.map((r) => [r.id, theirs[r.id] ?? null]));
    expect(entriesOn(asRater!)).toEqual(
      only(asRater!, { [ids[0]!]: entry(rated[0]!), [ids[1]!]: entry(rated[1]!) }),
    );
    expect(entriesOn(asReviewer!)).toEqual(
      only(asReviewer!, {
        [ids[0]!]: { id: reviewed.id, rating: null, hasReview: true, hasTrackVotes: false },
      }),
    );
    expect(entriesOn(asReader!)).toEqual(only(asReader!, {}));
    expect(signedOut!.releases.every((r) => !('viewerEntry' in r))).toBe(true);
  });

  it('reads the pages of readers asking in one turn, and their entries, in one statement', async () => {
    const query = releasesQuerySchema.parse({ type: ReleaseListKind.Popular });
    const cache = new ReleaseListCache();
    await listReleases(t.db, query, new Date(), cache); // the ranking, kept apart
    let pages: PagedReleases[] = [];
    const statements = await capturingStatements(t, async () => {
      const made = await Promise.all(
        [rater, reader, reviewer].map((who) =>
          listReleasesFor(t.db, query, who.user, new Date(), cache),
        ),
      );
      pages = made.map(({ page, mine }) => ({
        ...page,
        releases: page.releases.map((r) => ({ ...r, viewerEntry: mine.get(r.id) ?? null })),
      }));
    });
    expect(statements).toHaveLength(1);
    expect(pages.map((p) => Object.values(entriesOn(p)).filter(Boolean).length)).toEqual([2, 0, 1]);
  });

  it('shows a reader’s new entry on their next page', async () => {
    const made = await ok<Entry>(
      call(t, reader, 'POST', '/entries', { releaseId: ids[2], rating: 15 }),
      201,
    );
    // The recently added list walks its releases (popular's ranking is kept a while).
    const page = await ok<PagedReleases>(call(t, reader, 'GET', lists[1]!));
    expect(entriesOn(page)[ids[2]!]).toEqual({
      id: made.id,
      rating: 15,
      hasReview: false,
      hasTrackVotes: false,
    });
    await ok(call(t, reader, 'DELETE', `/entries/${made.id}`), 204);
    const after = await ok<PagedReleases>(call(t, reader, 'GET', lists[1]!));
    expect(entriesOn(after)[ids[2]!]).toBeNull();
  });
});

describe('release lists: a reader’s entries read with a page the cache keeps', () => {
  let t: TestApp;
  let rater: Member;
  let reader: Member;
  beforeAll(async () => {
    ({ t, rater, reader } = await threeReleases({}));
  });
  afterAll(async () => t?.close());

  it.each(lists)(
    'keeps the maker’s entries for them, and looks up another’s (%s)',
    async (list) => {
      t.app.readCache.clear();
      const reads = async (who: Member) => {
        let page: PagedReleases | undefined;
        const statements = await capturingStatements(t, async () => {
          page = await ok<PagedReleases>(call(t, who, 'GET', list));
        });
        return { page: page!, statements };
      };
      // The rater's request makes the page, with their entries.
      const made = await reads(rater);
      expect(lookups(made.statements)).toEqual([]);
      expect(Object.values(entriesOn(made.page)).filter(Boolean)).toHaveLength(2);
      // Read again: the page and their entries are kept, nothing is read but the session.
      const again = await reads(rater);
      expect(again.statements).toHaveLength(1);
      expect(entriesOn(again.page)).toEqual(entriesOn(made.page));
      // Another reader, served the kept page, looks theirs up.
      const other = await reads(reader);
      expect(lookups(other.statements)).toHaveLength(1);
      expect(other.page.releases.length).toBeGreaterThan(1);
      expect(other.page.releases.every((r) => r.viewerEntry === null)).toBe(true);
    },
  );
});

describe('release lists: the readers whose entries the instance keeps share the page, the cache off', () => {
  let t: TestApp;
  let rater: Member;
  let reviewer: Member;
  let reader: Member;
  let ids: string[];
  beforeAll(async () => {
    // Sessions kept in memory, as in production: a burst's askers reach the page in one turn.
    ({ t, rater, reviewer, reader, ids } = await threeReleases({
      READ_CACHE_SECONDS: '0',
      READER_IDS_KEPT: '10000',
      SESSION_CACHE_SECONDS: '60',
    }));
  });
  afterAll(async () => t?.close());

  it.each(lists)(
    'makes %s once for the askers of a turn, each reader with their entries from memory',
    async (list) => {
      // Each reader's entries are read once, then kept.
      await untilEntriesHeld(t, [rater, reviewer, reader], list);
      const before = { ...t.app.readCache.stats };
      let pages: PagedReleases[] = [];
      const statements = await capturingStatements(t, async () => {
        pages = await Promise.all(
          [rater, reviewer, reader, null].map((who) =>
            ok<PagedReleases>(call(t, who, 'GET', list)),
          ),
        );
      });
      const { joined, bypassed } = t.app.readCache.stats;
      expect(joined - before.joined).toBe(3);
      expect(bypassed - before.bypassed).toBe(1);
      // No reader's entries were read: neither looked up nor read with the page.
      expect(lookups(statements)).toEqual([]);
      expect(statements.filter((s) => s.query.includes('"entries"'))).toEqual([]);
      const [asRater, asReviewer, asReader, signedOut] = pages as [
        PagedReleases,
        PagedReleases,
        PagedReleases,
        PagedReleases,
      ];
      // What a transaction's lookup (which reads the database) gives each.
      for (const [who, page] of [
        [rater, asRater],
        [reviewer, asReviewer],
        [reader, asReader],
      ] as [Member, PagedReleases][]) {
        const shown = page.releases.map((r) => r.id);
        expect(shown).toEqual(expect.arrayContaining(ids.slice(0, 2)));
        const all = await t.db.transaction((tx) => viewerEntriesOf(tx, who.user.id, shown));
        expect(entriesOn(page)).toEqual(
          Object.fromEntries(shown.map((id) => [id, all.get(id) ?? null])),
        );
      }
      expect(Object.values(entriesOn(asRater)).filter(Boolean)).toHaveLength(2);
      expect(Object.values(entriesOn(asReviewer)).filter(Boolean)).toHaveLength(1);
      expect(signedOut.releases.every((r) => !('viewerEntry' in r))).toBe(true);
    },
  );
});
