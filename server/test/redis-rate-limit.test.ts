import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, TEST_ORIGIN, type TestApp } from './helpers';

const redisUrl = process.env.REDIS_URL;

// With REDIS_URL set, rate-limit counters live in Redis so every instance shares them.
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let redis: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    a = await buildTestApp({ deps: { redis } });
    b = await buildTestApp({ deps: { redis } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.disconnect();
  });

  it('counts login guesses made on two instances together', async () => {
    const { user } = await createUser(a.db);
    const login = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '203.0.113.77',
        payload: { email: user.email, password: `guess-${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 ? a : b, i)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await login(a, 10)).statusCode).toBe(429);
    expect((await login(b, 11)).statusCode).toBe(429);
    const keys = await redis.keys('earmark-rl:*');
    expect(keys.some((k) => k.includes(user.email))).toBe(true);
  });
});
