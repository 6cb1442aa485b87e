import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus, type UserArtistStats } from '@earmark/common';
import { artists } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { catalogueTags } from '../../lib/cache-tags';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createArtist, createRelease, type ReleaseRow } from '../../../test/catalogue-factories';
import { call, member, members, ok, type Member } from '../entries/test-support';

describe('user stats: charts through the read cache', () => {
  let t: TestApp;
  let me: Member;
  let other: Member;
  let first: { id: string; name: string };
  let second: { id: string; name: string };
  let firstRelease: ReleaseRow;
  let secondRelease: ReleaseRow;
  beforeAll(async () => {
    t = await buildTestApp();
    [me, other] = (await members(t, 2)) as [Member, Member];
    first = await createArtist(t.db, { name: 'First Band' });
    second = await createArtist(t.db, { name: 'Second Band' });
    firstRelease = await createRelease(t.db, { artists: [first] });
    secondRelease = await createRelease(t.db, { artists: [second] });
    await ok(call(t, me, 'POST', '/entries', { releaseId: firstRelease.id, rating: 80 }), 201);
  });
  afterAll(async () => t?.close());

  /** The artist chart of `whose` as `who` reads it, and the statements that read took. */
  async function chart(whose: Member, who: Member | null = null) {
    let rows: UserArtistStats = [];
    const statements = await capturingStatements(t, async () => {
      rows = await ok<UserArtistStats>(
        call(t, who, 'GET', `/entries/user/${whose.user.id}/artists`),
      );
    });
    const read = statements.filter((s) => !s.query.includes('"sessions"'));
    return { names: rows.map((r) => `${r.artist.name} ${r.count}`), reads: read.length };
  }

  it('is read once, then kept through other members’ writes', async () => {
    t.app.readCache.clear();
    expect(await chart(me)).toMatchObject({ names: ['First Band 1'] });
    expect((await chart(me)).reads).toBe(0);
    expect((await chart(me, other)).reads).toBe(0);
    await ok(call(t, other, 'POST', '/entries', { releaseId: secondRelease.id, rating: 60 }), 201);
    expect(await chart(me)).toEqual({ names: ['First Band 1'], reads: 0 });
  });

  it('follows the user’s own entry writes at once', async () => {
    const made = await ok<{ id: string }>(
      call(t, me, 'POST', '/entries', { releaseId: secondRelease.id, rating: 70 }),
      201,
    );
    expect((await chart(me)).names).toEqual(['First Band 1', 'Second Band 1']);
    await ok(call(t, me, 'DELETE', `/entries/${made.id}`), 204);
    expect((await chart(me)).names).toEqual(['First Band 1']);
  });

  it('follows a rename of an artist it shows, and keeps through another’s', async () => {
    await chart(me);
    // Renamed behind the cache's back, so only the tag's invalidation shows the new name.
    await t.db
      .update(artists)
      .set({ name: 'First Band (renamed)' })
      .where(eq(artists.id, first.id));
    t.app.readCache.invalidate(catalogueTags.artist(second.id));
    expect(await chart(me)).toEqual({ names: ['First Band 1'], reads: 0 });
    t.app.readCache.invalidate(catalogueTags.artist(first.id));
    expect((await chart(me)).names).toEqual(['First Band (renamed) 1']);
  });

  it('answers 404 for a hidden user to all but an admin, who reads it fresh', async () => {
    const admin = await member(t, { contributorStatus: ContributorStatus.ADMIN });
    await chart(me);
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, me.user.id));
    // A ban drops everything (changeAccountStatus); here the row was changed directly.
    t.app.readCache.clear();
    for (const who of [null, other]) {
      const res = await call(t, who, 'GET', `/entries/user/${me.user.id}/artists`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    const seen = await chart(me, admin);
    expect(seen.names).toEqual(['First Band (renamed) 1']);
    expect(seen.reads).toBeGreaterThan(0);
    expect((await chart(me, admin)).reads).toBeGreaterThan(0);
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.CONFIRMED })
      .where(eq(users.id, me.user.id));
  });
});
