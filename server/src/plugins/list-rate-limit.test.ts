import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp, type TestApp } from '../../test/helpers';

/** An address from the documentation range, new for each run (Redis counters outlive a run). */
const someAddress = () => `198.51.100.${randomInt(1, 255)}`;

describe('per-address limit of the list calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LIST_RATE_LIMIT: '5' } });
  });
  afterAll(async () => t?.close());

  const get = (url: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('counts every query of one list together and answers 429 past the limit', async () => {
    const address = '203.0.113.5';
    const urls = [
      '/api/releases',
      '/api/releases?type=top',
      '/api/releases/?type=new&page=2',
      '/api/releases?type=popular&pageSize=10',
      '/api/releases?type=nope',
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await get(url, address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 400]);

    const refused = await get('/api/releases?type=upcoming', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests, please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address, another list call and other reads are not affected.
    expect((await get('/api/releases', '203.0.113.6')).statusCode).toBe(200);
    expect((await get('/api/entries', address)).statusCode).toBe(200);
    expect((await get('/api/health', address)).statusCode).toBe(200);
  });
});

// With REDIS_URL, every instance counts the list calls of an address together.
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('list limit shared through Redis', () => {
  let redis: Redis;
  let t: TestApp;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    t = await buildTestApp({ env: { LIST_RATE_LIMIT: '4' }, deps: { redis } });
  });
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
  });

  it('counts requests made to two instances together, by route', async () => {
    const peer = await buildPeerApp(t, { redis });
    try {
      const address = someAddress();
      const get = (app: typeof peer, url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: address });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await get(i % 2 ? t.app : peer, `/api/entries?page=${i + 1}`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect((await get(t.app, '/api/entries?sortBy=ReviewDate')).statusCode).toBe(429);
      expect((await get(peer, '/api/entries')).statusCode).toBe(429);
      const keys = await redis.keys(`earmark-rl:*${address}`);
      expect(keys.some((k) => k.includes('/api/entries'))).toBe(true);
      expect(keys.every((k) => !k.includes('sortBy'))).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
