import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutofillRelease } from '@earmark/common';
import { call, member, ok } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  MB,
  fakeUpstreamEnv,
  startFakeUpstream,
  type FakeUpstream,
} from '../../../test/autofill-server';

const redisUrl = process.env.REDIS_URL;

// With REDIS_URL set, every instance shares the MusicBrainz spacing and the cache.
describe.skipIf(!redisUrl)('autofill shared through Redis', () => {
  let redis: Redis;
  let fake: FakeUpstream;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    const stale = await redis.keys('earmark-autofill:*');
    if (stale.length > 0) await redis.del(...stale);
    fake = await startFakeUpstream();
    const env = fakeUpstreamEnv(fake);
    [a, b] = await Promise.all([
      buildTestApp({ env, deps: { redis } }),
      buildTestApp({ env, deps: { redis } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    redis?.disconnect();
  });

  const autofill = async (t: TestApp, mbid: string) =>
    ok<AutofillRelease>(call(t, await member(t), 'GET', `/autofill/musicbrainz/${mbid}`));

  it('spaces requests of two instances a second apart and shares their answers', async () => {
    const startedAt = Date.now();
    const [one, two] = await Promise.all([autofill(a, MB.multiDisc), autofill(b, MB.yearOnly)]);
    expect(one.sourceId).toBe(MB.multiDisc);
    expect(two.sourceId).toBe(MB.yearOnly);
    const times = fake.seen('/ws/2/release/').map((r) => r.at);
    expect(times).toHaveLength(2);
    // The second call's turn comes a whole second after the first's, however late either arrives.
    expect(Math.max(...times) - startedAt).toBeGreaterThanOrEqual(990);

    const again = await autofill(b, MB.multiDisc);
    expect(again.tracks).toHaveLength(5);
    expect(fake.seen('/ws/2/release/')).toHaveLength(2);
  });
});
