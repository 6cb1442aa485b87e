import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@earmark/common';
import { languages } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/helpers';

describe('languages: GET /api/languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('lists every language by name', async () => {
    await t.db.insert(languages).values([
      { id: 'qaz', iso6391: null, name: 'Qaz Zulu' },
      { id: 'qaa', iso6391: 'qa', name: 'Qaa Alpha' },
      { id: 'qam', iso6391: null, name: 'Qam Mike' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/languages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const body = res.json<Language[]>();
    expect(body.filter((l) => l.id.startsWith('qa'))).toEqual([
      { id: 'qaa', iso6391: 'qa', name: 'Qaa Alpha' },
      { id: 'qam', iso6391: null, name: 'Qam Mike' },
      { id: 'qaz', iso6391: null, name: 'Qaz Zulu' },
    ]);
  });
});
