import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
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

  it('answers 404 for unknown and hidden labels', async () => {
    const hidden = await createLabel(t.db, { pendingDeletion: true });
    for (const id of ['nope', hidden.id]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Label not found');
    }
  });
});
