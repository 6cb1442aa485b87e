import { describe, expect, it } from 'vitest';
import { countingCompute, deferred, fakeClock } from '../../lib/cache-test-support';
import { ComputedCache, ReleaseListCache } from './list-cache';

function setup(ttlMs = 1000, maxEntries = 10) {
  const clock = fakeClock();
  const cache = new ComputedCache<string>({ ttlMs, maxEntries, now: clock.now });
  return { cache, advance: clock.advance, ...countingCompute() };
}

describe('ComputedCache', () => {
  it('serves a computed value until its time runs out, then computes again', async () => {
    const { cache, compute, calls, advance } = setup(1000);
    expect(await cache.get('k', compute('a'))).toBe('a');
    advance(999);
    expect(await cache.get('k', compute('b'))).toBe('a');
    expect(calls()).toBe(1);
    // lru-cache drops a value once strictly more than its TTL has passed.
    advance(2);
    expect(await cache.get('k', compute('c'))).toBe('c');
    expect(calls()).toBe(2);
  });

  it('keeps keys apart', async () => {
    const { cache, compute } = setup();
    await cache.get('x', compute('1'));
    await cache.get('y', compute('2'));
    expect(await cache.get('x', compute('?'))).toBe('1');
    expect(await cache.get('y', compute('?'))).toBe('2');
  });

  it('computes once for concurrent misses on one key', async () => {
    const { cache } = setup();
    const work = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return work.promise;
    };
    const all = Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    work.resolve('v');
    expect(await all).toEqual(['v', 'v']);
    expect(calls).toBe(1);
    expect(await cache.get('k', compute)).toBe('v');
    expect(calls).toBe(1);
  });

  it('does not cache a failure, and every waiter sees it', async () => {
    const { cache, compute, calls } = setup();
    const work = deferred<string>();
    const first = cache.get('k', () => work.promise);
    const second = cache.get('k', compute('never'));
    work.reject(new Error('db down'));
    await expect(first).rejects.toThrow('db down');
    await expect(second).rejects.toThrow('db down');
    expect(calls()).toBe(0);
    expect(await cache.get('k', compute('ok'))).toBe('ok');
  });

  it('evicts the least recently used key beyond its size', async () => {
    const { cache, compute, calls } = setup(1000, 2);
    await cache.get('a', compute('a'));
    await cache.get('b', compute('b'));
    // Reading 'a' makes 'b' the least recently used.
    await cache.get('a', compute('?'));
    await cache.get('c', compute('c'));
    expect(cache.size).toBe(2);
    expect(calls()).toBe(3);
    expect(await cache.get('a', compute('?'))).toBe('a');
    expect(await cache.get('c', compute('?'))).toBe('c');
    expect(await cache.get('b', compute('b again'))).toBe('b again');
    expect(calls()).toBe(4);
  });

  it('computes every time with a TTL of 0', async () => {
    const { cache, compute, calls } = setup(0);
    expect(cache.enabled).toBe(false);
    await cache.get('k', compute('a'));
    expect(await cache.get('k', compute('b'))).toBe('b');
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything on clear(), including a computation still running', async () => {
    const { cache, compute } = setup();
    await cache.get('k', compute('old'));
    const work = deferred<string>();
    const running = cache.get('j', () => work.promise);
    cache.clear();
    work.resolve('stale');
    expect(await running).toBe('stale');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', compute('new'))).toBe('new');
    expect(await cache.get('j', compute('fresh'))).toBe('fresh');
  });
});

describe('ReleaseListCache totals', () => {
  it('keeps a large total for the TTL and counts a short list every time', async () => {
    const clock = fakeClock();
    const cache = new ReleaseListCache({ ttlMs: 1000, now: clock.now, largeTotal: 100 });
    let counted = 0;
    const count = (n: number) => async () => {
      counted += 1;
      return n;
    };
    expect(await cache.total('short', count(99))).toBe(99);
    expect(await cache.total('short', count(98))).toBe(98);
    expect(await cache.total('long', count(150))).toBe(150);
    expect(await cache.total('long', count(151))).toBe(150);
    expect(counted).toBe(3);
    clock.advance(1001);
    expect(await cache.total('long', count(152))).toBe(152);
  });
});
