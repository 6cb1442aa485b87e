import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { capturingStatements } from '../../test/plans';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  createUsers,
  type ArtistRow,
  type GenreRow,
  type LabelRow,
  type ReleaseRow,
} from '../../test/catalogue-factories';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { newId } from '../lib/ids';
import { counterDrift, recountCounters } from './recount';
import { rowsOf } from './rows';
import { releaseArtists, releases } from './schema/catalogue';
import { entries, entryTags, userTags } from './schema/entries';
import { CreditKind, userCreditCounts } from './schema/user-charts';
import type { UserRow } from './schema/users';

describe('user credit counts', () => {
  let t: TestApp;
  let fan: UserRow;
  let other: UserRow;
  let a1: ArtistRow;
  let a2: ArtistRow;
  let a3: ArtistRow;
  let l1: LabelRow;
  let g1: GenreRow;
  let r1: ReleaseRow;
  let r2: ReleaseRow;

  const CREDITS = [CreditKind.artist, CreditKind.label, CreditKind.genre];

  /** A user's counts of some kinds (their credits') as `kind:id` → [entries, rated, rating sum, average]. */
  async function countsOf(user: UserRow, kinds: readonly CreditKind[] = CREDITS) {
    const rows = await t.db
      .select()
      .from(userCreditCounts)
      .where(and(eq(userCreditCounts.userId, user.id), inArray(userCreditCounts.kind, [...kinds])));
    return Object.fromEntries(
      rows.map((r) => [
        `${r.kind}:${r.linkedId}`,
        [r.entries, r.rated, r.ratingSum, r.avgRating] as const,
      ]),
    );
  }

  async function log(user: UserRow, release: ReleaseRow, rating: number | null) {
    const id = newId();
    await t.db.insert(entries).values({ id, userId: user.id, releaseId: release.id, rating });
    return id;
  }

  const setRating = (id: string, rating: number | null) =>
    t.db.update(entries).set({ rating }).where(eq(entries.id, id));

  /** The chart counts' drift from their recount (entries written here move no other counter). */
  const CHARTS = 'user chart counts (artists, labels, genres, years, ratings, tags)';
  const chartDrift = async () => (await counterDrift(t.db)).filter((c) => c.counter === CHARTS);
  const expectNoDrift = async () => expect(await chartDrift()).toEqual([]);

  beforeAll(async () => {
    t = await buildTestApp();
    [fan, other] = (await createUsers(t.db, 2)) as [UserRow, UserRow];
    a1 = await createArtist(t.db, { name: 'First' });
    a2 = await createArtist(t.db, { name: 'Second' });
    a3 = await createArtist(t.db, { name: 'Third' });
    l1 = await createLabel(t.db, { name: 'Label' });
    g1 = await createGenre(t.db, { name: `Krautrock ${newId(4)}` });
    r1 = await createRelease(t.db, { artists: [a1], labels: [l1], genres: [g1] });
    r2 = await createRelease(t.db, { artists: [a1, a2] });
  });

  afterAll(async () => {
    await t.close();
  });

  it("counts a user's entries by their releases' artists, labels and genres, with their ratings", async () => {
    const first = await log(fan, r1, 80);
    const second = await log(fan, r2, null);
    await log(other, r1, 60);
    expect(await countsOf(fan)).toEqual({
      [`${CreditKind.artist}:${a1.id}`]: [2, 1, 80, 80],
      [`${CreditKind.artist}:${a2.id}`]: [1, 0, 0, null],
      [`${CreditKind.label}:${l1.id}`]: [1, 1, 80, 80],
      [`${CreditKind.genre}:${g1.id}`]: [1, 1, 80, 80],
    });
    await setRating(second, 55);
    await setRating(first, 70);
    expect((await countsOf(fan))[`${CreditKind.artist}:${a1.id}`]).toEqual([2, 2, 125, 62.5]);
    // An entry going takes its counts with it; a row left with none goes too.
    await t.db.delete(entries).where(eq(entries.id, first));
    expect(await countsOf(fan)).toEqual({
      [`${CreditKind.artist}:${a1.id}`]: [1, 1, 55, 55],
      [`${CreditKind.artist}:${a2.id}`]: [1, 1, 55, 55],
    });
    await log(fan, r1, 90);
    await expectNoDrift();
  });

  it("follows a release's credits as they are edited", async () => {
    await t.db
      .delete(releaseArtists)
      .where(sql`${releaseArtists.releaseId} = ${r2.id} and ${releaseArtists.artistId} = ${a2.id}`);
    await t.db.insert(releaseArtists).values({ releaseId: r2.id, artistId: a3.id, position: 1 });
    const counts = await countsOf(fan);
    expect(counts[`${CreditKind.artist}:${a2.id}`]).toBeUndefined();
    expect(counts[`${CreditKind.artist}:${a3.id}`]).toEqual([1, 1, 55, 55]);
    await expectNoDrift();
  });

  it('leaves out the entries of a hidden release, and counts them again when it is shown', async () => {
    const before = await countsOf(fan);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, r1.id));
    const hidden = await countsOf(fan);
    expect(hidden[`${CreditKind.label}:${l1.id}`]).toBeUndefined();
    expect(hidden[`${CreditKind.artist}:${a1.id}`]).toEqual([1, 1, 55, 55]);
    expect(await countsOf(other)).toEqual({});
    // A rating changed meanwhile counts once the release is back.
    const [own] = await t.db
      .select({ id: entries.id })
      .from(entries)
      .where(sql`${entries.userId} = ${fan.id} and ${entries.releaseId} = ${r1.id}`);
    await setRating(own!.id, 100);
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, r1.id));
    const back = await countsOf(fan);
    expect(back[`${CreditKind.label}:${l1.id}`]).toEqual([1, 1, 100, 100]);
    expect(back[`${CreditKind.artist}:${a1.id}`]).toEqual([2, 2, 155, 77.5]);
    expect(Object.keys(back).sort()).toEqual(Object.keys(before).sort());
    await expectNoDrift();
  });

  it('follows entries moved by a merge', async () => {
    const source = await createRelease(t.db, { artists: [a2], genres: [g1] });
    const target = await createRelease(t.db, { artists: [a3] });
    await log(other, source, 40);
    await t.db.transaction(async (tx) => {
      await tx.update(releases).set({ mergedIntoId: target.id }).where(eq(releases.id, source.id));
      await tx
        .update(entries)
        .set({ releaseId: target.id })
        .where(eq(entries.releaseId, source.id));
    });
    expect(await countsOf(other)).toEqual({
      [`${CreditKind.artist}:${a1.id}`]: [1, 1, 60, 60],
      [`${CreditKind.label}:${l1.id}`]: [1, 1, 60, 60],
      [`${CreditKind.genre}:${g1.id}`]: [1, 1, 60, 60],
      [`${CreditKind.artist}:${a3.id}`]: [1, 1, 40, 40],
    });
    await expectNoDrift();
  });

  it("takes away a deleted release's entries, whether it was shown or hidden, and goes with its user", async () => {
    const shown = await createRelease(t.db, { artists: [a2] });
    const hidden = await createRelease(t.db, { artists: [a2] });
    await log(fan, shown, 10);
    await log(fan, hidden, 20);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, hidden.id));
    expect((await countsOf(fan))[`${CreditKind.artist}:${a2.id}`]).toEqual([1, 1, 10, 10]);
    await t.db.delete(releases).where(sql`${releases.id} in (${shown.id}, ${hidden.id})`);
    expect((await countsOf(fan))[`${CreditKind.artist}:${a2.id}`]).toBeUndefined();
    await expectNoDrift();

    const [gone] = await createUsers(t.db, 1);
    await log(gone!, r1, 50);
    expect(Object.keys(await countsOf(gone!))).toHaveLength(3);
    await t.db.execute(sql`delete from users where id = ${gone!.id}`);
    expect(await countsOf(gone!)).toEqual({});
  });

  it("counts a user's entries by their release's year and their rating's bucket", async () => {
    const [critic] = await createUsers(t.db, 1);
    const y = CreditKind.year;
    const b = CreditKind.ratingBucket;
    const kinds = [y, b];
    const old = await createRelease(t.db, { date: '1994-05-01' });
    const alsoOld = await createRelease(t.db, { date: '1994-11-20' });
    const undated = await createRelease(t.db, { date: null });
    const first = await log(critic!, old, 100);
    const second = await log(critic!, alsoOld, 95);
    await log(critic!, undated, null);
    expect(await countsOf(critic!, kinds)).toEqual({
      [`${y}:1994`]: [2, 2, 195, 97.5],
      [`${b}:10`]: [1, 1, 100, 100],
      [`${b}:9`]: [1, 1, 95, 95],
    });
    // A rating changed moves the entry between buckets; one cleared leaves them.
    await setRating(first, 9);
    await setRating(second, null);
    expect(await countsOf(critic!, kinds)).toEqual({
      [`${y}:1994`]: [2, 1, 9, 9],
      [`${b}:0`]: [1, 1, 9, 9],
    });
    // A release's date edited (copied to its entries) moves them between years.
    await t.db.update(releases).set({ date: '2003-02-01' }).where(eq(releases.id, alsoOld.id));
    await t.db.update(releases).set({ date: '1990-01-01' }).where(eq(releases.id, undated.id));
    expect(await countsOf(critic!, kinds)).toEqual({
      [`${y}:1994`]: [1, 1, 9, 9],
      [`${y}:2003`]: [1, 0, 0, null],
      [`${y}:1990`]: [1, 0, 0, null],
      [`${b}:0`]: [1, 1, 9, 9],
    });
    // A hidden release's entries count in neither.
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, old.id));
    expect(await countsOf(critic!, kinds)).toEqual({
      [`${y}:2003`]: [1, 0, 0, null],
      [`${y}:1990`]: [1, 0, 0, null],
    });
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, old.id));
    expect(Object.keys(await countsOf(critic!, kinds))).toHaveLength(4);
    await expectNoDrift();
  });

  it("counts a user's entries by each of their tags, as tags are set, taken off, renamed and deleted", async () => {
    const [tagger] = await createUsers(t.db, 1);
    const kinds = [CreditKind.tag];
    const [first, second] = [await createRelease(t.db), await createRelease(t.db)];
    const one = await log(tagger!, first!, 70);
    const two = await log(tagger!, second!, null);
    const [vinyl, live] = [newId(), newId()];
    await t.db.insert(userTags).values([
      { id: vinyl, userId: tagger!.id, name: 'vinyl' },
      { id: live, userId: tagger!.id, name: 'live' },
    ]);
    await t.db.insert(entryTags).values([
      { entryId: one, tagId: vinyl },
      { entryId: two, tagId: vinyl },
      { entryId: one, tagId: live },
    ]);
    expect(await countsOf(tagger!, kinds)).toEqual({
      [`${CreditKind.tag}:${vinyl}`]: [2, 1, 70, 70],
      [`${CreditKind.tag}:${live}`]: [1, 1, 70, 70],
    });
    await t.db.delete(entryTags).where(and(eq(entryTags.entryId, one), eq(entryTags.tagId, vinyl)));
    await t.db.update(userTags).set({ name: 'on vinyl' }).where(eq(userTags.id, vinyl));
    expect(await countsOf(tagger!, kinds)).toEqual({
      [`${CreditKind.tag}:${vinyl}`]: [1, 0, 0, null],
      [`${CreditKind.tag}:${live}`]: [1, 1, 70, 70],
    });
    // A hidden release's entries count for none of their tags; a deleted tag counts no more.
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, first!.id));
    await t.db.delete(userTags).where(eq(userTags.id, vinyl));
    expect(await countsOf(tagger!, kinds)).toEqual({});
    await t.db.update(releases).set({ pendingDeletion: false }).where(eq(releases.id, first!.id));
    expect(await countsOf(tagger!, kinds)).toEqual({
      [`${CreditKind.tag}:${live}`]: [1, 1, 70, 70],
    });
    await expectNoDrift();
  });

  it('is set right again by its recount', async () => {
    await t.db.delete(userCreditCounts).where(eq(userCreditCounts.userId, fan.id));
    await t.db
      .update(userCreditCounts)
      .set({ entries: 7 })
      .where(eq(userCreditCounts.userId, other.id));
    expect(await chartDrift()).toEqual([
      { counter: CHARTS, ids: expect.arrayContaining([fan.id, other.id]) },
    ]);
    await recountCounters(t.db, { users: [fan.id] });
    expect((await chartDrift())[0]?.ids).toEqual([other.id]);
    await recountCounters(t.db);
    await expectNoDrift();
  });

  it.each(['artists', 'labels', 'genres', 'tags', 'ratings', 'release-date'])(
    'a profile chart of %s reads the counts, not the entries',
    async (kind) => {
      const statements = await capturingStatements(t, () =>
        t.app.inject({ method: 'GET', url: `/api/entries/user/${fan.id}/${kind}` }),
      );
      const reads = statements.filter((s) => !s.query.includes('"sessions"'));
      expect(reads).toHaveLength(1);
      expect(reads[0]!.query).toContain('"user_credit_counts"');
      expect(reads[0]!.query).not.toMatch(/(from|join) "entries"/);
      const rows = await rowsOf(t.db, sql`select 1 from user_credit_counts where entries <= 0`);
      expect(rows).toEqual([]);
    },
  );
});
