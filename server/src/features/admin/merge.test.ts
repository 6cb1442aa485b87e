import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentTargetKind,
  MERGE_HIDDEN_ENTITY_MESSAGE,
  ReleaseType,
  SubmissionMethod,
  SubmissionStatus,
  type AuditPage,
  type HistoryPage,
  type MergeReply,
} from '@earmark/common';
import { recountCounters } from '../../db/recount';
import {
  releaseArtists,
  releaseGenreVotes,
  releaseLabels,
  releases,
  tracks,
} from '../../db/schema/catalogue';
import { comments } from '../../db/schema/comments';
import { entries, reviewVotes, trackVotes } from '../../db/schema/entries';
import { listItems, lists } from '../../db/schema/lists';
import { submissions } from '../../db/schema/submissions';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  createUsers,
} from '../../../test/catalogue-factories';
import { call, expectCountersConsistent, ok, type Member } from '../entries/test-support';
import { admin as adminOf } from '../submissions/test-support';
import { countOf, mergeEntities, mergePreview } from './test-support';

describe('admin merge', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
  });
  afterAll(async () => t?.close());

  const preview = (who: Member | null, q: Record<string, string>) => mergePreview(t, who, q);
  const merge = (who: Member | null, body: object) => mergeEntities(t, who, body);
  const tracksOf = (releaseId: string) =>
    t.db.select().from(tracks).where(eq(tracks.releaseId, releaseId)).orderBy(asc(tracks.order));

  it('moves every reference of a release to the target in one go', async () => {
    const [a1, a2] = [await createArtist(t.db), await createArtist(t.db)];
    const label = await createLabel(t.db);
    const source = await createRelease(t.db, {
      artists: [a1, a2],
      labels: [label],
      tracks: 3,
      date: '2001-05-05',
      type: ReleaseType.EP,
    });
    const target = await createRelease(t.db, {
      artists: [a2],
      tracks: 2,
      date: '1980-02-02',
      type: ReleaseType.LP,
    });
    const [other1, other2] = [await createRelease(t.db), await createRelease(t.db)];
    const [sTracks, tTracks] = [await tracksOf(source.id), await tracksOf(target.id)];
    const [u1, u2, u3] = await createUsers(t.db, 3);
    const entry = (userId: string, releaseId: string, extra: object = {}) => ({
      id: newId(),
      userId,
      releaseId,
      ...extra,
    });
    // u1 and u2 have entries on both; u3 only on the source.
    const e1s = entry(u1!.id, source.id, {
      rating: 80,
      review: 'Great',
      reviewCreatedAt: new Date(),
    });
    const e1t = entry(u1!.id, target.id, { rating: 60 });
    const e2s = entry(u2!.id, source.id, { rating: 50 });
    const e2t = entry(u2!.id, target.id, {
      rating: 70,
      review: 'Mine',
      reviewCreatedAt: new Date(),
    });
    const e3s = entry(u3!.id, source.id, {
      rating: 90,
      review: 'Solo',
      reviewCreatedAt: new Date(),
    });
    await t.db.insert(entries).values([e1s, e1t, e2s, e2t, e3s]);
    await t.db.insert(trackVotes).values([
      { entryId: e1s.id, trackId: sTracks[0]!.id, vote: 1 },
      { entryId: e1s.id, trackId: sTracks[2]!.id, vote: -1 }, // no third track on the target
      { entryId: e2s.id, trackId: sTracks[1]!.id, vote: 1 },
      { entryId: e2t.id, trackId: tTracks[1]!.id, vote: -1 }, // the target entry's vote wins
      { entryId: e3s.id, trackId: sTracks[1]!.id, vote: 1 },
    ]);
    await t.db.insert(reviewVotes).values({ entryId: e1s.id, userId: u3!.id, vote: 1 });
    const [g1, g2] = [await createGenre(t.db), await createGenre(t.db)];
    await t.db.insert(releaseGenreVotes).values([
      { id: newId(), releaseId: source.id, genreId: g1.id, userId: u1!.id, vote: 1 },
      { id: newId(), releaseId: target.id, genreId: g1.id, userId: u1!.id, vote: -1 },
      { id: newId(), releaseId: source.id, genreId: g2.id, userId: u3!.id, vote: 1 },
    ]);
    const both = { id: newId(), userId: u1!.id, title: 'Both', published: true };
    const onlySource = { id: newId(), userId: u2!.id, title: 'Source only', published: true };
    await t.db.insert(lists).values([both, onlySource]);
    const item = (listId: string, releaseId: string, position: number) => ({
      id: newId(),
      listId,
      releaseId,
      position,
    });
    await t.db
      .insert(listItems)
      .values([
        item(both.id, target.id, 0),
        item(both.id, other1.id, 1),
        item(both.id, source.id, 2),
        item(both.id, other2.id, 3),
        item(onlySource.id, source.id, 0),
      ]);
    const comment = (entityType: number, entityId: string) => ({
      id: newId(),
      userId: u2!.id,
      entityType,
      entityId,
      body: 'Hello',
    });
    await t.db
      .insert(comments)
      .values([
        comment(CommentTargetKind.RELEASE, source.id),
        comment(CommentTargetKind.RELEASE, source.id),
        comment(CommentTargetKind.RELEASE_TRACK, sTracks[0]!.id),
        comment(CommentTargetKind.REVIEW, e1s.id),
      ]);
    const submission = (status: number, method: number) => ({
      id: newId(),
      kind: 'release' as const,
      method,
      status,
      entityId: source.id,
      userId: u3!.id,
      note: 'A change',
      changes: { title: source.title },
    });
    const open = submission(SubmissionStatus.OPEN, SubmissionMethod.UPDATE);
    const created = submission(SubmissionStatus.AUTO_APPROVED, SubmissionMethod.CREATE);
    await t.db.insert(submissions).values([open, created]);
    await recountCounters(t.db);
    await expectCountersConsistent(t);

    const input = { entityType: 'release', mergeFromId: source.id, mergeIntoId: target.id };
    const before = await ok<MergeReply>(preview(admin, input));
    expect(before.source).toEqual({ id: source.id, name: source.title });
    expect(before.target).toEqual({ id: target.id, name: target.title });
    const expected = {
      entries: 3,
      sharedEntries: 2,
      listItems: 1,
      listDuplicates: 1,
      comments: 3,
      trackVotes: 2,
      genreVotes: 1,
      artists: 1,
      labels: 1,
      submissions: 2,
    };
    for (const [key, n] of Object.entries(expected)) expect(countOf(before, key), key).toBe(n);

    const done = await ok<MergeReply>(merge(admin, input));
    expect(done.moves).toEqual(before.moves);

    // Entries: the target's entry is kept and takes what it lacked (u1's review).
    const after = await t.db
      .select()
      .from(entries)
      .where(inArray(entries.releaseId, [source.id, target.id]));
    expect(after.map((e) => e.releaseId).every((id) => id === target.id)).toBe(true);
    // A moved entry sorts and filters by its new release's date and type.
    expect(after.map((e) => e.releaseDate)).toEqual(after.map(() => '1980-02-02'));
    expect(after.map((e) => e.releaseType)).toEqual(after.map(() => ReleaseType.LP));
    const byUser = new Map(after.map((e) => [e.userId, e]));
    expect(byUser.get(u1!.id)).toMatchObject({ id: e1t.id, rating: 60, review: 'Great' });
    expect(byUser.get(u2!.id)).toMatchObject({ id: e2t.id, rating: 70, review: 'Mine' });
    expect(byUser.get(u3!.id)).toMatchObject({ id: e3s.id, rating: 90, review: 'Solo' });
    const votesOnReview = await t.db
      .select()
      .from(reviewVotes)
      .where(eq(reviewVotes.entryId, e1t.id));
    expect(votesOnReview).toHaveLength(1);

    // Track votes by position; the target entry's own vote wins.
    const tv = await t.db
      .select()
      .from(trackVotes)
      .where(
        inArray(
          trackVotes.trackId,
          [...sTracks, ...tTracks].map((x) => x.id),
        ),
      );
    expect(tv.map((v) => `${v.entryId}:${v.trackId}:${v.vote}`).sort()).toEqual(
      [
        `${e1t.id}:${tTracks[0]!.id}:1`,
        `${e2t.id}:${tTracks[1]!.id}:-1`,
        `${e3s.id}:${tTracks[1]!.id}:1`,
      ].sort(),
    );
    const [t1] = await t.db.select().from(tracks).where(eq(tracks.id, tTracks[1]!.id));
    expect([t1!.upvotes, t1!.downvotes]).toEqual([1, 1]);

    // Lists: no duplicate, positions closed up, counters right.
    const bothItems = await t.db
      .select()
      .from(listItems)
      .where(eq(listItems.listId, both.id))
      .orderBy(asc(listItems.position));
    expect(bothItems.map((i) => [i.releaseId, i.position])).toEqual([
      [target.id, 0],
      [other1.id, 1],
      [other2.id, 2],
    ]);
    const [bothList] = await t.db.select().from(lists).where(eq(lists.id, both.id));
    expect(bothList!.itemsCount).toBe(3);
    const [moved] = await t.db.select().from(listItems).where(eq(listItems.listId, onlySource.id));
    expect(moved!.releaseId).toBe(target.id);

    // Comments follow the release, its tracks by position and the moved review.
    const thread = (type: number, id: string) =>
      t.db
        .select()
        .from(comments)
        .where(and(eq(comments.entityType, type), eq(comments.entityId, id)));
    expect(await thread(CommentTargetKind.RELEASE, target.id)).toHaveLength(2);
    expect(await thread(CommentTargetKind.RELEASE_TRACK, tTracks[0]!.id)).toHaveLength(1);
    expect(await thread(CommentTargetKind.REVIEW, e1t.id)).toHaveLength(1);

    // Genre votes: u1's vote on the target wins; u3's moves.
    const gv = await t.db
      .select()
      .from(releaseGenreVotes)
      .where(eq(releaseGenreVotes.releaseId, target.id));
    expect(gv.map((v) => `${v.genreId}:${v.userId}:${v.vote}`).sort()).toEqual(
      [`${g1.id}:${u1!.id}:-1`, `${g2.id}:${u3!.id}:1`].sort(),
    );

    // Credits without duplicates, the missing ones appended.
    const credits = await t.db
      .select()
      .from(releaseArtists)
      .where(eq(releaseArtists.releaseId, target.id))
      .orderBy(asc(releaseArtists.position));
    expect(credits.map((c) => [c.artistId, c.position])).toEqual([
      [a2.id, 0],
      [a1.id, 1],
    ]);
    const labelCredits = await t.db
      .select()
      .from(releaseLabels)
      .where(eq(releaseLabels.releaseId, target.id));
    expect(labelCredits.map((c) => c.labelId)).toEqual([label.id]);

    await expectCountersConsistent(t);
    const [stats] = await t.db.select().from(releases).where(eq(releases.id, target.id));
    expect(stats).toMatchObject({
      entriesCount: 3,
      ratingsCount: 3,
      reviewsCount: 3,
      mergedIntoId: null,
    });
    const [gone] = await t.db.select().from(releases).where(eq(releases.id, source.id));
    expect(gone!.mergedIntoId).toBe(target.id);

    // The source's open submissions are closed.
    const closed = await t.db
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, [open.id, created.id]));
    expect(Object.fromEntries(closed.map((s) => [s.id, s.status]))).toEqual({
      [open.id]: SubmissionStatus.DISAPPROVED,
      [created.id]: SubmissionStatus.APPROVED,
    });

    // The target's history shows the merge, with the credits it added.
    const history = await ok<HistoryPage>(call(t, null, 'GET', `/history/release/${target.id}`));
    const [latest] = history.changes;
    expect(latest!.user.id).toBe(admin.user.id);
    expect(latest!.diff).toContainEqual({
      kind: 'text',
      field: 'mergedFrom',
      label: 'Merged from',
      before: null,
      after: source.title,
    });
    expect(latest!.diff).toContainEqual(
      expect.objectContaining({ kind: 'set', field: 'artists', added: [a1.name] }),
    );

    // The source's page leads to the target's.
    const page = await call(t, null, 'GET', `/releases/${source.id}`);
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe(`/api/releases/${target.id}`);

    const audit = await ok<AuditPage>(call(t, admin, 'GET', '/admin/audit'));
    expect(audit.actions[0]).toMatchObject({
      action: 'merge',
      targetType: 'release',
      targetId: source.id,
      after: expect.objectContaining({ mergedIntoId: target.id }),
    });

    // A merged source cannot be merged again, nor be a target.
    const again = await merge(admin, input);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MERGE_HIDDEN_ENTITY_MESSAGE);
    const into = await merge(admin, { ...input, mergeFromId: other1.id, mergeIntoId: source.id });
    expect(into.statusCode).toBe(409);
  });
});
