import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SortBy, type Entry, type PagedEntries, type PagedReleases } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createRelease } from '../../test/catalogue-factories';
import { call, members, ok, type Member } from '../features/entries/test-support';

/**
 * With the read cache off, the signed-out askers of one page in one turn of
 * the event loop share its computation, and nothing is kept after it: each
 * reads what it would have read alone, and a signed-in reader's own parts
 * never reach another reader.
 */
describe('read cache off: the askers of a page in one turn', () => {
  let t: TestApp;
  let rater: Member;
  let reader: Member;
  let releaseId: string;
  const page = `/entries?releaseId=%s&sortBy=${SortBy.RatingDate}`;

  beforeAll(async () => {
    // Sessions kept in memory, so the askers of one burst reach their page in one turn.
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0', SESSION_CACHE_SECONDS: '60' } });
    [rater, reader] = (await members(t, 2)) as [Member, Member];
    releaseId = (await createRelease(t.db)).id;
    await ok(call(t, reader, 'POST', '/entries', { releaseId, rating: 40 }), 201);
  });
  afterAll(async () => t?.close());

  const entriesOf = (who: Member | null) =>
    ok<PagedEntries>(call(t, who, 'GET', page.replace('%s', releaseId)));

  it('share one computation of a page asked together', async () => {
    const before = { ...t.app.readCache.stats };
    const pages = await Promise.all([entriesOf(null), entriesOf(null), entriesOf(null)]);
    const { joined, bypassed } = t.app.readCache.stats;
    expect(bypassed - before.bypassed + (joined - before.joined)).toBe(3);
    expect(joined - before.joined).toBeGreaterThan(0);
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
  });

  it('see a write made before they asked', async () => {
    expect((await entriesOf(null)).totalItems).toBe(1);
    await ok(call(t, rater, 'POST', '/entries', { releaseId, rating: 90 }), 201);
    const pages = await Promise.all([entriesOf(null), entriesOf(null)]);
    expect(pages.map((p) => p.totalItems)).toEqual([2, 2]);
    expect(pages[0]!.entries.map((e) => e.rating?.rating)).toEqual([90, 40]);
  });

  it('keep a signed-in reader’s own parts to that reader', async () => {
    const [out, mine, outAgain] = await Promise.all([
      entriesOf(null),
      entriesOf(reader),
      entriesOf(null),
    ]);
    expect(mine.entries.every((e) => e.release.viewerEntry?.rating === 40)).toBe(true);
    for (const anon of [out, outAgain]) {
      expect(anon.entries.map((e) => e.release.viewerEntry ?? null)).toEqual([null, null]);
    }
  });

  it('share a ranked page and lay each reader’s entries over their own copy', async () => {
    const [out, mine, outAgain] = await Promise.all([
      ok<PagedReleases>(call(t, null, 'GET', '/releases?type=new')),
      ok<PagedReleases>(call(t, reader, 'GET', '/releases?type=new')),
      ok<PagedReleases>(call(t, null, 'GET', '/releases?type=new')),
    ]);
    const shown = (p: PagedReleases) => p.releases.find((r) => r.id === releaseId);
    expect(shown(mine)?.viewerEntry?.rating).toBe(40);
    expect(shown(out)?.viewerEntry ?? null).toBeNull();
    expect(outAgain).toEqual(out);
  });

  it('share a site-wide page of entries with signed-in readers, each with their own parts', async () => {
    const reviews = '/entries?withReview=true';
    // The rater's entry (rated 90 above) gains a review.
    const review = await ok<Entry>(
      call(t, rater, 'POST', '/entries', { releaseId, review: 'Slow to open up' }),
    );
    await ok(call(t, reader, 'POST', `/entries/review/${review.id}/votes`, { vote: 1 }));
    // Their sessions read once, and kept.
    for (const who of [reader, rater]) await ok(call(t, who, 'GET', reviews));
    const before = { ...t.app.readCache.stats };
    const [mine, theirs, out] = await Promise.all([
      ok<PagedEntries>(call(t, reader, 'GET', reviews)),
      ok<PagedEntries>(call(t, rater, 'GET', reviews)),
      ok<PagedEntries>(call(t, null, 'GET', reviews)),
    ]);
    // One computation of the page for the three, signed in or not.
    expect(t.app.readCache.stats.joined - before.joined).toBe(2);
    expect(t.app.readCache.stats.bypassed - before.bypassed).toBe(1);
    const parts = (p: PagedEntries) =>
      p.entries.map((e) => [e.review?.myVote ?? null, e.release.viewerEntry?.rating ?? null]);
    expect(parts(mine)).toEqual([[1, 40]]);
    expect(parts(theirs)).toEqual([[null, 90]]);
    expect(parts(out)).toEqual([[null, null]]);
  });
});
