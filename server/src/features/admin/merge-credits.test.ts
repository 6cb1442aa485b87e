import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERGE_HIDDEN_ENTITY_MESSAGE,
  MERGE_SAME_ENTITY_MESSAGE,
  type HistoryPage,
  type MergeReply,
} from '@earmark/common';
import { artists, releaseArtists, releaseLabels } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createLabel, createRelease } from '../../../test/catalogue-factories';
import { call, expectCountersConsistent, member, ok, type Member } from '../entries/test-support';
import { DISCARD_MERGE } from '../submissions/service';
import { admin as adminOf } from '../submissions/test-support';
import { countOf, mergeEntities, mergePreview } from './test-support';

/** Merges of artists and labels (credits), and what a merge refuses; releases are in merge.test.ts. */
describe('admin merge of credits, and its refusals', () => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
  });
  afterAll(async () => t?.close());

  const preview = (who: Member | null, q: Record<string, string>) => mergePreview(t, who, q);
  const merge = (who: Member | null, body: object) => mergeEntities(t, who, body);

  it('moves artist credits without duplicates and leads the artist page to the target', async () => {
    const [from, into, third] = [
      await createArtist(t.db),
      await createArtist(t.db),
      await createArtist(t.db),
    ];
    const shared = await createRelease(t.db, { artists: [from, third, into] });
    const own = await createRelease(t.db, { artists: [from] });
    const input = { entityType: 'artist', mergeFromId: from.id, mergeIntoId: into.id };
    const seen = await ok<MergeReply>(preview(admin, input));
    expect([countOf(seen, 'releases'), countOf(seen, 'sharedReleases')]).toEqual([1, 1]);
    const done = await ok<MergeReply>(merge(admin, input));
    expect(done.moves).toEqual(seen.moves);

    const creditsOf = async (releaseId: string) =>
      (
        await t.db
          .select()
          .from(releaseArtists)
          .where(eq(releaseArtists.releaseId, releaseId))
          .orderBy(asc(releaseArtists.position))
      ).map((c) => [c.artistId, c.position]);
    expect(await creditsOf(shared.id)).toEqual([
      [third.id, 0],
      [into.id, 1],
    ]);
    expect(await creditsOf(own.id)).toEqual([[into.id, 0]]);
    const [row] = await t.db.select().from(artists).where(eq(artists.id, from.id));
    expect(row!.mergedIntoId).toBe(into.id);

    const page = await call(t, null, 'GET', `/artists/${from.id}`);
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe(`/api/artists/${into.id}`);
    const target = await ok<{ releases: { id: string }[] }>(
      call(t, null, 'GET', `/artists/${into.id}`),
    );
    expect(target.releases.map((r) => r.id).sort()).toEqual([shared.id, own.id].sort());
    const history = await ok<HistoryPage>(call(t, null, 'GET', `/history/artist/${into.id}`));
    expect(history.changes[0]!.diff[0]).toMatchObject({ field: 'mergedFrom', after: from.name });
    // The recorded merge is no contribution its author could take back.
    const discard = await call(
      t,
      admin,
      'DELETE',
      `/submissions/artists/${history.changes[0]!.id}`,
    );
    expect(discard.statusCode).toBe(409);
    expect(discard.json().message).toBe(DISCARD_MERGE);
    await expectCountersConsistent(t);
  });

  it('is for admins only and refuses the same, unknown or hidden entities', async () => {
    const [a, b] = [await createLabel(t.db), await createLabel(t.db)];
    const input = { entityType: 'label', mergeFromId: a.id, mergeIntoId: b.id };
    expect((await merge(null, input)).statusCode).toBe(401);
    expect((await preview(null, input)).statusCode).toBe(401);
    const editor = await member(t, { contributorStatus: 60 });
    expect((await merge(editor, input)).statusCode).toBe(403);
    expect((await preview(editor, input)).statusCode).toBe(403);

    const same = await merge(admin, { ...input, mergeIntoId: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain(MERGE_SAME_ENTITY_MESSAGE);
    const unknown = await preview(admin, { ...input, mergeIntoId: 'no-such-label' });
    expect(unknown.statusCode).toBe(404);
    expect((await merge(admin, { ...input, mergeFromId: 'no-such-label' })).statusCode).toBe(404);

    const pending = await createLabel(t.db, { pendingDeletion: true });
    const hidden = await merge(admin, { ...input, mergeIntoId: pending.id });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().message).toBe(MERGE_HIDDEN_ENTITY_MESSAGE);
    // Nothing was changed by the refused calls.
    expect((await call(t, null, 'GET', `/labels/${a.id}`)).statusCode).toBe(200);
    expect((await call(t, null, 'GET', `/labels/${pending.id}`)).statusCode).toBe(404);

    // A label's credits move like an artist's.
    const release = await createRelease(t.db, { labels: [a] });
    const done = await ok<MergeReply>(merge(admin, input));
    expect(countOf(done, 'releases')).toBe(1);
    const [credit] = await t.db
      .select()
      .from(releaseLabels)
      .where(eq(releaseLabels.releaseId, release.id));
    expect(credit).toMatchObject({ labelId: b.id, position: 0 });
    expect((await call(t, null, 'GET', `/labels/${a.id}`)).headers.location).toBe(
      `/api/labels/${b.id}`,
    );
  });
});
