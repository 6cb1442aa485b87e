import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SortBy, VoteType, type Entry, type PagedEntries } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createRelease } from '../../../test/catalogue-factories';
import { setPlace } from '../../lib/read-cache';
import { viewerPartsOf } from './queries';
import { call, members, ok, type Member } from './test-support';

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
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    [author, voter, reader] = (await members(t, 3)) as [Member, Member, Member];
    releaseId = (await createRelease(t.db)).id;
    reviewed = await ok<Entry>(
      call(t, author, 'POST', '/entries', { releaseId, rating: 80, review: 'Warm and odd' }),
      201,
    );
    await ok(call(t, voter, 'POST', '/entries', { releaseId, rating: 30 }), 201);
    await ok(call(t, voter, 'POST', `/entries/review/${reviewed.id}/votes`, { vote: VoteType.UP }));
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

  it('gives a signed-out reader no reader values after signed-in reads', async () => {
    await page(voter);
    const out = await page(null);
    expect(out.entries).toHaveLength(2);
    expect(reviewOf(out).myVote).toBeNull();
    expect(out.entries.every((e) => !('viewerEntry' in e.release))).toBe(true);
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
