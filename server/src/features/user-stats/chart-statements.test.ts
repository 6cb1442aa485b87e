import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ContributorStatus } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
} from '../../../test/catalogue-factories';
import { call, member, ok, type Member } from '../entries/test-support';

const KINDS = ['artists', 'ratings', 'labels', 'genres', 'release-date', 'tags'] as const;

/** What each chart of a user with nothing logged is. */
const EMPTY: Record<(typeof KINDS)[number], unknown> = {
  artists: [],
  ratings: Array.from({ length: 11 }, (_, bucket) => ({ bucket, count: 0 })),
  labels: [],
  genres: [],
  'release-date': { decades: [], years: [] },
  tags: [],
};

describe('user stats: a chart is the one statement that finds its user', () => {
  // The cache off: every read below is computed.
  let t: TestApp;
  let fan: Member;
  let newcomer: Member;
  let banned: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    fan = await member(t);
    newcomer = await member(t);
    banned = await member(t);
    admin = await member(t, { contributorStatus: ContributorStatus.ADMIN });
    const band = await createArtist(t.db, { name: 'Counted Band' });
    const release = await createRelease(t.db, {
      artists: [band],
      labels: [await createLabel(t.db, { name: 'Counted Label' })],
      genres: [await createGenre(t.db, { name: 'Counted Genre' })],
      date: '1994-05-01',
    });
    for (const who of [fan, banned]) {
      const tag = await ok<{ id: string }>(
        call(t, who, 'POST', '/entries/user/tags', { name: 'loud' }),
        201,
      );
      await ok(
        call(t, who, 'POST', '/entries', { releaseId: release.id, rating: 85, tags: [tag.id] }),
        201,
      );
    }
    // Banned behind the API's back: the cache is off, so nothing was kept to drop.
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, banned.user.id));
  });
  afterAll(async () => t?.close());

  /** A chart's answer and how many statements (a session lookup aside) it took. */
  async function read(kind: string, userId: string, who: Member | null = null) {
    let res!: Awaited<ReturnType<typeof call>>;
    const statements = await capturingStatements(t, async () => {
      res = await call(t, who, 'GET', `/entries/user/${userId}/${kind}`);
    });
    const reads = statements.filter((s) => !s.query.includes('"sessions"')).length;
    return { status: res.statusCode, body: res.json() as unknown, reads };
  }

  it.each(KINDS)('%s: a user with entries, one statement', async (kind) => {
    const { status, body, reads } = await read(kind, fan.user.id);
    expect(status).toBe(200);
    expect(body).not.toEqual(EMPTY[kind]);
    expect(reads).toBe(1);
  });

  it.each(KINDS)('%s: a user with nothing logged, an empty chart', async (kind) => {
    expect(await read(kind, newcomer.user.id)).toEqual({
      status: 200,
      body: EMPTY[kind],
      reads: 1,
    });
  });

  it.each(KINDS)(
    '%s: unknown and banned users are not found, to all but an admin',
    async (kind) => {
      for (const [userId, who] of [
        ['no-such-user', null],
        [banned.user.id, null],
        [banned.user.id, fan],
        ['no-such-user', admin],
      ] as const) {
        const { status, body, reads } = await read(kind, userId, who);
        expect(status).toBe(404);
        expect(body).toMatchObject({ message: 'User not found' });
        expect(reads).toBe(1);
      }
      const seen = await read(kind, banned.user.id, admin);
      expect(seen.status).toBe(200);
      // The same as the fan's chart (each has their own tag of the same name).
      const named = (body: unknown) => JSON.stringify(body).replace(/"id":"[^"]*"/g, '');
      expect(named(seen.body)).toBe(named((await read(kind, fan.user.id)).body));
    },
  );
});
