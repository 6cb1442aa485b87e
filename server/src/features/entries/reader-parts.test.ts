import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SortBy, VoteType, type Entry, type PagedEntries } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { setPlace } from '../../lib/cached-payload';
import { viewerPartsOf, withViewerParts } from './queries';
import { call, members, ok, type Member } from './test-support';
import { probedFor, untilEntriesHeld } from '../../plugins/reader-presence-test-support';

/**
 * A release with a review by `author`, which `voter` (who rated it) voted
 * up; `reader` and `newcomer` have nothing on it.
 */
async function onOneRelease(env: Record<string, string>) {
  const t: TestApp = await buildTestApp({ env });
  const [author, voter, reader, newcomer] = (await members(t, 4)) as [
    Member,
    Member,
    Member,
    Member,
  ];
  const releaseId = (await createRelease(t.db)).id;
  const reviewed = await ok<Entry>(
    call(t, author, 'POST', '/entries', { releaseId, rating: 80, review: 'Warm and odd' }),
    201,
  );
  await ok(call(t, voter, 'POST', '/entries', { releaseId, rating: 30 }), 201);
  await ok(call(t, voter, 'POST', `/entries/review/${reviewed.id}/votes`, { vote: VoteType.UP }));
  return { t, author, voter, reader, newcomer, releaseId, reviewed };
}

/** The read cache off, and sessions kept in memory, so the askers of one burst reach their page in one turn. */
const CACHE_OFF = { READ_CACHE_SECONDS: '0', SESSION_CACHE_SECONDS: '60' };

/**
 * With the read cache off, a page is made for one reader, whose own values
 * are set on it before it is written (see sendOverlaid): each reader must
 * still get their own, and nobody else's.
 */
describe('entries: readers’ own parts with the read cache off', () => {
  let t: TestApp;
  let author: Member;
  let voter: Member;
  let reader: Member;
  let releaseId: string;
  let reviewed: Entry;
  beforeAll(async () => {
    ({ t, author, voter, reader, releaseId, reviewed } = await onOneRelease(CACHE_OFF));
  });
  afterAll(async () => t?.close());

  const page = (who: Member | null) =>
    ok<PagedEntries>(
      call(t, who, 'GET', `/entries?releaseId=${releaseId}&sortBy=${SortBy.RatingDate}`),
    );
  const reviewOf = (p: PagedEntries) => p.entries.find((e) => e.id === reviewed.id)!.review!;

  it('gives each signed-in reader their own vote and entry, one after another', async () => {
    const asVoter = await page(voter);
    expect(reviewOf(asVoter).myVote).toBe(VoteType.UP);
    expect(asVoter.entries.every((e) => e.release.viewerEntry?.rating === 30)).toBe(true);

    const asReader = await page(reader);
    expect(reviewOf(asReader).myVote).toBeNull();
    expect(asReader.entries.every((e) => e.release.viewerEntry === null)).toBe(true);

    const asAuthor = await page(author);
    expect(asAuthor.entries.every((e) => e.release.viewerEntry?.id === reviewed.id)).toBe(true);
  });

  it('reads a reader’s parts with the page, as the lookups give them', async () => {
    const shared = (await page(null)).entries;
    await ok(call(t, reader, 'POST', '/entries', { releaseId, review: 'Only words' }), 201);
    for (const who of [author, voter, reader]) {
      let made: PagedEntries | undefined;
      const statements = await capturingStatements(t, async () => {
        made = await page(who);
      });
      // The page with the reader's votes and entries (their session kept): no lookup.
      expect(statements.filter((s) => !s.query.includes('"sessions"'))).toHaveLength(1);
      const lookedUp = await withViewerParts(t.db, shared, who.user);
      expect(made!.entries.map((e) => [e.review?.myVote, e.release.viewerEntry])).toEqual(
        lookedUp.map((e) => [e.review?.myVote, e.release.viewerEntry]),
      );
    }
    const asReader = await page(reader);
    expect(asReader.entries[0]!.release.viewerEntry).toMatchObject({
      rating: null,
      hasReview: true,
      hasTrackVotes: false,
    });
    const asAuthor = await page(author);
    expect(asAuthor.entries[0]!.release.viewerEntry).toEqual({
      id: reviewed.id,
      rating: 80,
      hasReview: true,
      hasTrackVotes: false,
    });
  });

  it('gives a signed-out reader no reader values after signed-in reads', async () => {
    await page(voter);
    const out = await page(null);
    expect(out.entries).toHaveLength(2);
    expect(reviewOf(out).myVote).toBeNull();
    expect(out.entries.every((e) => !('viewerEntry' in e.release))).toBe(true);
  });

  it('reads a site-wide page once for the readers of one turn, each with their own parts', async () => {
    const reviews = '/entries?withReview=true';
    const shared = (await ok<PagedEntries>(call(t, null, 'GET', reviews))).entries;
    const readers = [voter, reader, author, voter];
    // Their sessions read once, and kept.
    for (const who of readers) await ok(call(t, who, 'GET', reviews));
    let pages: PagedEntries[] = [];
    const statements = await capturingStatements(t, async () => {
      pages = await Promise.all(
        readers.map((who) => ok<PagedEntries>(call(t, who, 'GET', reviews))),
      );
    });
    // The page, then one lookup of the readers' votes and one of their entries (sessions aside).
    const reads = statements.filter((s) => !s.query.includes('"sessions"'));
    expect(reads).toHaveLength(3);
    expect(reads.filter((s) => s.query.includes('k.viewer'))).toHaveLength(2);
    const parts = (list: readonly Entry[]) =>
      list.map((e) => [e.review?.myVote, e.release.viewerEntry]);
    for (const [i, who] of readers.entries()) {
      expect(pages[i]!.entries.map((e) => e.id)).toEqual(shared.map((e) => e.id));
      expect(parts(pages[i]!.entries)).toEqual(
        parts(await withViewerParts(t.db, shared, who.user)),
      );
    }
    expect(reviewOf(pages[0]!).myVote).toBe(VoteType.UP);
    expect(reviewOf(pages[1]!).myVote).toBeNull();
  });

  it('reads the votes of readers asking in one turn in one statement, each reader their own', async () => {
    const entries = (await page(null)).entries;
    const readers = [voter, reader, author, voter];
    let votes: (VoteType | null | undefined)[] = [];
    const statements = await capturingStatements(t, async () => {
      const lays = await Promise.all(readers.map((who) => viewerPartsOf(t.db, entries, who.user)));
      votes = lays.map((lay) => {
        const review = { ...entries.find((e) => e.id === reviewed.id)!.review! };
        lay({ ...entries[0]!, id: reviewed.id, review }, setPlace);
        return review.myVote;
      });
    });
    expect(votes).toEqual([VoteType.UP, null, null, VoteType.UP]);
    expect(statements.filter((s) => s.query.includes('"review_votes"'))).toHaveLength(1);
  });
});

/**
 * With the read cache on, the reader whose request makes a page reads their
 * own parts with it; readers served the kept page, or joining its making,
 * look theirs up. Each must get their own, and nobody else's.
 */
describe('entries: readers’ own parts on a kept page', () => {
  let t: TestApp;
  let author: Member;
  let voter: Member;
  let reader: Member;
  let newcomer: Member;
  let releaseId: string;
  let reviewed: Entry;
  beforeAll(async () => {
    ({ t, author, voter, reader, newcomer, releaseId, reviewed } = await onOneRelease({}));
  });
  afterAll(async () => t?.close());

  const page = (who: Member | null, sortBy: SortBy = SortBy.RatingDate) =>
    ok<PagedEntries>(call(t, who, 'GET', `/entries?releaseId=${releaseId}&sortBy=${sortBy}`));
  const partsOf = (p: PagedEntries) =>
    p.entries.map((e) => [e.id, e.review?.myVote ?? null, e.release.viewerEntry?.id ?? null]);
  it('gives readers asking together for a page not kept each their own parts', async () => {
    const [asVoter, asReader, asAuthor, signedOut] = await Promise.all([
      page(voter, SortBy.EntryDate),
      page(reader, SortBy.EntryDate),
      page(author, SortBy.EntryDate),
      page(null, SortBy.EntryDate),
    ]);
    const review = (p: PagedEntries) => p.entries.find((e) => e.id === reviewed.id)!.review!;
    expect(review(asVoter).myVote).toBe(VoteType.UP);
    expect(review(asReader).myVote).toBeNull();
    expect(review(asAuthor).myVote).toBeNull();
    expect(review(signedOut).myVote).toBeNull();
    expect(asVoter.entries.every((e) => e.release.viewerEntry?.rating === 30)).toBe(true);
    expect(asReader.entries.every((e) => e.release.viewerEntry === null)).toBe(true);
    expect(asAuthor.entries.every((e) => e.release.viewerEntry?.id === reviewed.id)).toBe(true);
    expect(signedOut.entries.every((e) => !('viewerEntry' in e.release))).toBe(true);
  });

  it('keeps the parts read with a page for its reader, and looks up another reader’s', async () => {
    const reads = async (who: Member) => {
      let p: PagedEntries | undefined;
      const statements = await capturingStatements(t, async () => {
        p = await page(who);
      });
      return { p: p!, count: statements.length };
    };
    // The voter's request makes the page: the session and the page with their parts.
    const made = await reads(voter);
    expect(made.count).toBe(2);
    // Read again, the page and the voter's parts are kept: the session only.
    const again = await reads(voter);
    expect(again.count).toBe(1);
    expect(partsOf(again.p)).toEqual(partsOf(made.p));
    // A reader with nothing kept looks theirs up: the session, their votes and entries.
    const other = await reads(newcomer);
    expect(other.count).toBe(3);
    expect(other.p.entries.every((e) => e.release.viewerEntry === null)).toBe(true);
    expect(other.p.entries.find((e) => e.id === reviewed.id)!.review!.myVote).toBeNull();
  });
});

/**
 * With the read cache off, a reader whose entries the instance keeps (see
 * ReaderPresence) is served a user's page as everyone is, made once for the
 * askers of a turn: their entries from memory, their votes probed only
 * where they may have one. A release's page still reads each reader's parts
 * with its rows.
 */
describe('entries: the readers whose entries the instance keeps share a user’s page, the cache off', () => {
  let one: Awaited<ReturnType<typeof onOneRelease>>;
  beforeAll(async () => {
    one = await onOneRelease({ ...CACHE_OFF, READER_IDS_KEPT: '10000' });
  });
  afterAll(async () => one?.t.close());

  it('makes a user’s page once for a turn’s askers, each with their own parts', async () => {
    const { t, author, voter, reader, reviewed } = one;
    const path = `/entries?userId=${author.user.id}&sortBy=${SortBy.EntryDate}`;
    // A reader's first page reads their entries for the next ones.
    await untilEntriesHeld(t, [voter, reader, author], path);
    const before = { ...t.app.readCache.stats };
    let answers: PagedEntries[] = [];
    const statements = await capturingStatements(t, async () => {
      answers = await Promise.all(
        [voter, reader, author, null].map((who) => ok<PagedEntries>(call(t, who, 'GET', path))),
      );
    });
    const { joined, bypassed } = t.app.readCache.stats;
    expect(joined - before.joined).toBe(3);
    expect(bypassed - before.bypassed).toBe(1);
    // Nobody's parts read with the page, no entry looked up; only the voter's vote probed.
    expect(statements.filter((s) => s.query.includes('reader_vote'))).toEqual([]);
    const lookups = statements.filter((s) => s.query.includes('k.viewer'));
    expect(lookups.every((s) => s.query.includes('"review_votes"'))).toBe(true);
    expect(probedFor(statements, voter, 'review_votes')).toEqual([reviewed.id]);
    expect(probedFor(statements, reader, 'review_votes')).toEqual([]);
    const signedOut = answers[3]!;
    const parts = (list: readonly Entry[]) =>
      list.map((e) => [e.id, e.review?.myVote ?? null, e.release.viewerEntry ?? null]);
    for (const [i, who] of [voter, reader, author].entries()) {
      // What a transaction's lookups (which read the database) give each.
      const read = await t.db.transaction((tx) => withViewerParts(tx, signedOut.entries, who.user));
      expect(parts(answers[i]!.entries)).toEqual(parts(read));
    }
    expect(answers[0]!.entries[0]!.review!.myVote).toBe(VoteType.UP);
    expect(answers[0]!.entries[0]!.release.viewerEntry?.rating).toBe(30);
    expect(answers[2]!.entries[0]!.release.viewerEntry?.id).toBe(reviewed.id);
    expect(signedOut.entries.every((e) => !('viewerEntry' in e.release))).toBe(true);
  });

  it('reads a release’s page with each held reader’s parts', async () => {
    const { t, voter, releaseId } = one;
    const path = `/entries?releaseId=${releaseId}&sortBy=${SortBy.RatingDate}`;
    await untilEntriesHeld(t, [voter], `/entries?userId=${voter.user.id}`);
    let page: PagedEntries | undefined;
    const statements = await capturingStatements(t, async () => {
      page = await ok<PagedEntries>(call(t, voter, 'GET', path));
    });
    expect(statements.filter((s) => s.query.includes('reader_vote'))).toHaveLength(1);
    expect(statements.filter((s) => s.query.includes('k.viewer'))).toEqual([]);
    expect(page!.entries.every((e) => e.release.viewerEntry?.rating === 30)).toBe(true);
  });
});
