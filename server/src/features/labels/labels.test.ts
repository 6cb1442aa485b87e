import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releases } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createLabel, createRelease } from '../../../test/catalogue-factories';

describe('labels: GET /api/labels/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/labels/${id}` });

  it('returns the label with the number of its visible releases', async () => {
    const label = await createLabel(t.db, { name: 'Мелодия', nameLatin: 'Melodiya' });
    const other = await createLabel(t.db);
    await createRelease(t.db, { labels: [label] });
    await createRelease(t.db, { labels: [other, label] });
    await createRelease(t.db, { labels: [label], pendingDeletion: true });
    await createRelease(t.db, { labels: [other] });
    const res = await get(label.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: label.id,
      name: 'Мелодия',
      nameLatin: 'Melodiya',
      releasesCount: 2,
    });
  });

  it("reads its count, kept as its releases are hidden and shown again, with the label's row", async () => {
    const label = await createLabel(t.db);
    const [kept, hidden] = [
      await createRelease(t.db, { labels: [label] }),
      await createRelease(t.db, { labels: [label] }),
    ];
    const counted = async () => {
      let n = -1;
      const statements = await capturingStatements(t, async () => {
        n = (await get(label.id)).json<{ releasesCount: number }>().releasesCount;
      });
      expect(statements).toHaveLength(1);
      return n;
    };
    expect(await counted()).toBe(2);
    await t.db.update(releases).set({ pendingDeletion: true }).where(eq(releases.id, hidden.id));
    expect(await counted()).toBe(1);
    const into = await createRelease(t.db);
    await t.db.update(releases).set({ mergedIntoId: into.id }).where(eq(releases.id, kept.id));
    expect(await counted()).toBe(0);
    await t.db
      .update(releases)
      .set({ pendingDeletion: false, mergedIntoId: null })
      .where(inArray(releases.id, [kept.id, hidden.id]));
    expect(await counted()).toBe(2);
  });

  it('answers 404 for unknown and hidden labels', async () => {
    const hidden = await createLabel(t.db, { pendingDeletion: true });
    for (const id of ['nope', hidden.id]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Label not found');
    }
  });
});
