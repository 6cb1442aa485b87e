import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist, Entry } from '@earmark/common';
import { eq } from 'drizzle-orm';
import { releases } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createArtist, createRelease } from '../../../test/catalogue-factories';
import { call, members, ok, type Member } from '../entries/test-support';

/** The statements a read sends, the session's own lookups left out. */
async function statementsOf(t: TestApp, read: () => Promise<unknown>) {
  const seen = await capturingStatements(t, read);
  return seen.filter((s) => !s.query.includes('"sessions"'));
}

describe('artists: an artist’s page in one statement', () => {
  let t: TestApp;
  let reader: Member;
  let other: Member;
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    [reader, other] = (await members(t, 2)) as [Member, Member];
  });
  afterAll(async () => t?.close());

  const page = async (id: string, who: Member | null = null) => {
    let artist: Artist | undefined;
    const statements = await statementsOf(t, async () => {
      artist = await ok<Artist>(call(t, who, 'GET', `/artists/${id}`));
    });
    expect(statements).toHaveLength(1);
    return artist!;
  };

  it('reads the artist, its releases and its bio once, signed out', async () => {
    const artist = await createArtist(t.db, { name: 'Broadcast', bio: 'From Birmingham.' });
    const a = await createRelease(t.db, { artists: [artist], date: '2003-06-01' });
    const b = await createRelease(t.db, { artists: [artist], date: '2005-01-24' });
    const c = await createRelease(t.db, { artists: [artist], date: null });
    const body = await page(artist.id);
    expect(body).toMatchObject({ id: artist.id, name: 'Broadcast', bio: 'From Birmingham.' });
    expect(body.releases.map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect(body.releases.every((r) => !('viewerEntry' in r))).toBe(true);
  });

  it('answers an artist without releases with its bio and an empty list', async () => {
    const artist = await createArtist(t.db, { bio: 'Nothing out yet.' });
    const body = await page(artist.id);
    expect(body.bio).toBe('Nothing out yet.');
    expect(body.releases).toEqual([]);
    const hidden = await createRelease(t.db, { artists: [artist] });
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, hidden.id));
    expect((await page(artist.id, reader)).releases).toEqual([]);
  });

  it('carries the reader’s own entry on each release in the same statement', async () => {
    const artist = await createArtist(t.db, { bio: null });
    const rated = await createRelease(t.db, { artists: [artist], date: '2010-01-01' });
    const untouched = await createRelease(t.db, { artists: [artist], date: '2009-01-01' });
    const mine = await ok<Entry>(
      call(t, reader, 'POST', '/entries', { releaseId: rated.id, rating: 85, review: 'Warm.' }),
      201,
    );
    await ok(call(t, other, 'POST', '/entries', { releaseId: untouched.id, rating: 20 }), 201);

    const body = await page(artist.id, reader);
    expect(body.bio).toBeNull();
    expect(body.releases.map((r) => [r.id, r.viewerEntry])).toEqual([
      [rated.id, { id: mine.id, rating: 85, hasReview: true, hasTrackVotes: false }],
      [untouched.id, null],
    ]);
    const theirs = await page(artist.id, other);
    expect(theirs.releases.map((r) => r.viewerEntry?.rating ?? null)).toEqual([null, 20]);
  });

  it('answers 404 for an unknown or hidden artist in one statement', async () => {
    const hidden = await createArtist(t.db, { pendingDeletion: true });
    await createRelease(t.db, { artists: [hidden] });
    for (const id of ['nope', hidden.id]) {
      for (const who of [null, reader]) {
        const statements = await statementsOf(t, async () => {
          const res = await call(t, who, 'GET', `/artists/${id}`);
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe('Artist not found');
        });
        // The page's statement, then the merge lookup of a 404 (followMerge).
        expect(statements).toHaveLength(2);
      }
    }
  });
});
