import { describe, expect, it } from 'vitest';
import { ALL_TAG, ReadCache } from './read-cache';
import { countingCompute, deferred, fakeClock } from './cache-test-support';

function setup(ttlMs = 1000, maxEntries = 10) {
  const clock = fakeClock();
  const cache = new ReadCache({ ttlMs, maxEntries, now: clock.now });
  return { cache, advance: clock.advance, ...countingCompute() };
}

/** Two readers of `k` asking while its computation runs: what they got, and how many ran. */
async function twoConcurrentReaders(cache: ReadCache) {
  let runs = 0;
  const slow = deferred<string>();
  const compute = () => {
    runs += 1;
    return slow.promise;
  };
  const all = [cache.get('k', [], compute), cache.get('k', [], compute)];
  slow.resolve('v');
  return { values: (await Promise.all(all)).map((p) => p.value), runs };
}

describe('ReadCache', () => {
  it('serves a payload for its TTL, then once stale while the next is made', async () => {
    const { cache, compute, calls, advance } = setup();
    expect((await cache.get('k', ['a'], compute('one'))).value).toBe('one');
    advance(999);
    expect((await cache.get('k', ['a'], compute('two'))).value).toBe('one');
    expect(calls()).toBe(1);
    advance(1);
    // Expired: the reader gets the old payload at once and a new one is made behind it.
    expect((await cache.get('k', ['a'], compute('three'))).value).toBe('one');
    expect(calls()).toBe(2);
    expect((await cache.get('k', ['a'], compute('four'))).value).toBe('three');
    expect(calls()).toBe(2);
  });

  it('makes readers wait once a payload is past its grace time', async () => {
    const { cache, compute, advance } = setup();
    await cache.get('k', [], compute('one'));
    // lru-cache drops a payload once strictly more than its time has passed.
    advance(2001);
    expect((await cache.get('k', [], compute('two'))).value).toBe('two');
  });

  it('keeps serving the stale payload when its background refresh fails', async () => {
    const { cache, compute, advance } = setup();
    await cache.get('k', [], compute('one'));
    advance(1000);
    let failures = 0;
    const failing = async (): Promise<string> => {
      failures += 1;
      throw new Error('database down');
    };
    expect((await cache.get('k', [], failing)).value).toBe('one');
    await Promise.resolve();
    expect((await cache.get('k', [], failing)).value).toBe('one');
    expect(failures).toBeGreaterThanOrEqual(1);
  });

  it('drops the payloads of an invalidated tag and keeps the others', async () => {
    const { cache, compute } = setup();
    await cache.get('k1', ['release:1'], compute('r1'));
    await cache.get('k2', ['release:2', 'user:9'], compute('r2'));
    await cache.get('k3', ['user:9'], compute('u9'));
    cache.invalidate('user:9');
    expect((await cache.get('k1', ['release:1'], compute('r1 again'))).value).toBe('r1');
    expect((await cache.get('k2', ['release:2', 'user:9'], compute('r2 new'))).value).toBe(
      'r2 new',
    );
    expect((await cache.get('k3', ['user:9'], compute('u9 new'))).value).toBe('u9 new');
    // The recomputed payloads are fresh again.
    expect((await cache.get('k3', ['user:9'], compute('u9 third'))).value).toBe('u9 new');
  });

  it('drops every payload when everything is invalidated', async () => {
    const { cache, compute } = setup();
    await cache.get('k1', ['release:1'], compute('r1'));
    await cache.get('k2', [], compute('untagged'));
    cache.invalidate(ALL_TAG);
    expect((await cache.get('k1', ['release:1'], compute('r1 new'))).value).toBe('r1 new');
    expect((await cache.get('k2', [], compute('untagged new'))).value).toBe('untagged new');
  });

  it('never stores a computation that a write overlapped', async () => {
    const { cache } = setup();
    const slow = deferred<string>();
    const first = cache.get('k', ['release:1'], () => {
      return slow.promise;
    });
    cache.invalidate('release:1');
    // A request after the write does not join the computation that started before it.
    const second = cache.get('k', ['release:1'], async () => 'after the write');
    slow.resolve('before the write');
    expect((await first).value).toBe('before the write');
    expect((await second).value).toBe('after the write');
    expect((await cache.get('k', ['release:1'], async () => 'third')).value).toBe(
      'after the write',
    );
  });

  it('shares one computation among concurrent misses', async () => {
    const { cache } = setup();
    expect(await twoConcurrentReaders(cache)).toEqual({ values: ['v', 'v'], runs: 1 });
  });

  it('counts how each reader was served', async () => {
    const { cache, compute, advance } = setup();
    const slow = deferred<string>();
    const both = [cache.get('k', [], () => slow.promise), cache.get('k', [], compute('x'))];
    slow.resolve('v');
    await Promise.all(both);
    await cache.get('k', [], compute('x'));
    advance(1000);
    await cache.get('k', [], compute('y'));
    expect(cache.stats).toEqual({ hits: 1, stale: 1, joined: 1, misses: 1, bypassed: 0 });
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    await off.get('k', [], compute('z'));
    expect(off.stats).toMatchObject({ hits: 0, misses: 0, bypassed: 1 });
  });

  it('does not keep a failed computation', async () => {
    const { cache, compute } = setup();
    await expect(
      cache.get('k', [], async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.get('k', [], compute('ok'))).value).toBe('ok');
  });

  it('keeps at most maxEntries payloads, dropping the least recently used', async () => {
    const { cache, compute, calls } = setup(1000, 2);
    await cache.get('a', [], compute('a'));
    await cache.get('b', [], compute('b'));
    await cache.get('a', [], compute('a2'));
    await cache.get('c', [], compute('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', [], compute('a3'))).value).toBe('a');
    expect((await cache.get('b', [], compute('b2'))).value).toBe('b2');
    expect(calls()).toBe(4);
  });

  it('forgets old invalidations without serving what they made stale', async () => {
    const { cache, advance } = setup(1000);
    const slow = deferred<string>();
    const started = cache.get('k', ['release:1'], () => slow.promise);
    cache.invalidate('release:1');
    advance(5000);
    // This later invalidation forgets the first one, which is older than the TTL.
    cache.invalidate('release:2');
    slow.resolve('stale');
    await started;
    expect((await cache.get('k', ['release:1'], async () => 'fresh')).value).toBe('fresh');
  });

  it('tells listeners of local invalidations, not of remote ones', async () => {
    const { cache, compute } = setup();
    const heard: string[][] = [];
    cache.onInvalidate((tags) => heard.push([...tags]));
    await cache.get('k', ['user:1'], compute('v'));
    cache.applyRemote(['user:1']);
    expect((await cache.get('k', ['user:1'], compute('after remote'))).value).toBe('after remote');
    cache.invalidate('user:2', 'entries');
    expect(heard).toEqual([['user:2', 'entries']]);
  });

  it('makes the JSON once and computes every time when turned off', async () => {
    const { compute } = setup();
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    const payload = await off.get('k', [], async () => ({ a: 1 }));
    let serialized = 0;
    const serialize = (value: unknown) => {
      serialized += 1;
      return JSON.stringify(value);
    };
    expect(payload.json(serialize).toString()).toBe('{"a":1}');
    expect(payload.json(serialize).toString()).toBe('{"a":1}');
    expect(serialized).toBe(1);
    expect((await off.get('k', [], compute('x'))).value).toBe('x');
    expect((await off.get('k', [], compute('y'))).value).toBe('y');
    expect(off.size).toBe(0);
  });

  it('turned off, shares one computation among the askers of a key in one turn', async () => {
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    let runs = 0;
    const compute = async () => ({ run: (runs += 1) });
    const [a, b, other] = await Promise.all([
      off.get('k', [], compute),
      off.get('k', [], compute),
      off.get('other', [], compute),
    ]);
    expect(runs).toBe(2);
    expect(a).toBe(b);
    // Shared, the payload is nobody's alone: a reader's parts are laid over its JSON.
    expect([a.alone, other.alone]).toEqual([false, true]);
    expect([a.askers, other.askers]).toEqual([2, 1]);
    expect(off.stats).toMatchObject({ joined: 1, bypassed: 2, hits: 0, misses: 0 });
    expect(off.size).toBe(0);
  });

  it('turned off, computes again for an ask made once the turn’s computation started', async () => {
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    const started: number[] = [];
    const slow = deferred<string>();
    let runs = 0;
    const compute = () => {
      started.push((runs += 1));
      return runs === 1 ? slow.promise : Promise.resolve('after');
    };
    const first = off.get('k', [], compute);
    // The next turn: the first computation has started, and this ask may follow a write it missed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1]);
    const later = off.get('k', [], compute);
    slow.resolve('before');
    expect([(await first).value, (await later).value]).toEqual(['before', 'after']);
    expect(runs).toBe(2);
  });

  it('turned off, computes alone for an ask made for its reader', async () => {
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    let runs = 0;
    const compute = async () => ({ run: (runs += 1) });
    const [shared, mine] = await Promise.all([
      off.get('k', [], compute),
      off.get('k', [], compute, true),
    ]);
    expect(runs).toBe(2);
    expect(shared).not.toBe(mine);
    expect(mine.alone).toBe(true);
  });

  it('tags a payload with what it shows when the tags are read off the value', async () => {
    const { cache } = setup();
    const page = async () => ({ id: 'r1', artists: ['a1', 'a2'] });
    const tagsOf = (v: { id: string; artists: string[] }) => v.artists.map((a) => `artist:${a}`);
    await cache.get('release:r1', tagsOf, page);
    await cache.get('release:r2', tagsOf, async () => ({ id: 'r2', artists: ['a3'] }));
    cache.invalidate('artist:a2');
    let recomputed = 0;
    const again = async () => {
      recomputed += 1;
      return { id: 'x', artists: [] };
    };
    await cache.get('release:r1', tagsOf, again);
    await cache.get('release:r2', tagsOf, again);
    expect(recomputed).toBe(1);
  });

  it('does not join a computation of unknown tags once anything was invalidated', async () => {
    const { cache } = setup();
    const slow = deferred<string>();
    const first = cache.get(
      'k',
      () => ['artist:1'],
      () => slow.promise,
    );
    cache.invalidate('artist:1');
    const second = cache.get(
      'k',
      () => ['artist:1'],
      async () => 'after the write',
    );
    slow.resolve('before the write');
    expect((await first).value).toBe('before the write');
    expect((await second).value).toBe('after the write');
  });
});

describe('ReadCache: kept after a second read', () => {
  function setupKeepAfter2(maxEntries = 10) {
    const clock = fakeClock();
    const cache = new ReadCache({ ttlMs: 1000, maxEntries, keepAfter: 2, now: clock.now });
    return { cache, advance: clock.advance, ...countingCompute() };
  }

  it('keeps a payload only when its key is computed a second time', async () => {
    const { cache, compute, calls } = setupKeepAfter2();
    expect((await cache.get('k', ['a'], compute('one'))).value).toBe('one');
    expect(cache.size).toBe(0);
    expect((await cache.get('k', ['a'], compute('two'))).value).toBe('two');
    expect(cache.size).toBe(1);
    expect((await cache.get('k', ['a'], compute('three'))).value).toBe('two');
    expect(calls()).toBe(2);
  });

  it('keeps the successor of a kept payload, stale or dropped by a write, at once', async () => {
    const { cache, compute, calls, advance } = setupKeepAfter2();
    await cache.get('k', ['a'], compute('one'));
    await cache.get('k', ['a'], compute('two'));
    advance(1000);
    // Stale: served once more while its successor is made, and the successor is kept.
    expect((await cache.get('k', ['a'], compute('three'))).value).toBe('two');
    expect((await cache.get('k', ['a'], compute('four'))).value).toBe('three');
    cache.invalidate('a');
    expect((await cache.get('k', ['a'], compute('five'))).value).toBe('five');
    expect((await cache.get('k', ['a'], compute('six'))).value).toBe('five');
    expect(calls()).toBe(4);
  });

  it('forgets the least recently computed keys past four times maxEntries', async () => {
    const { cache, compute, calls } = setupKeepAfter2(1);
    await cache.get('k', [], compute('k1'));
    for (const other of ['a', 'b', 'c', 'd']) await cache.get(other, [], compute(other));
    // k was forgotten: its second computation is a first one again.
    await cache.get('k', [], compute('k2'));
    expect(cache.size).toBe(0);
    await cache.get('d', [], compute('d2'));
    expect(cache.size).toBe(1);
    expect((await cache.get('d', [], compute('d3'))).value).toBe('d2');
    expect(calls()).toBe(7);
  });

  it('shares one computation among concurrent first readers and keeps nothing', async () => {
    const { cache } = setupKeepAfter2();
    expect(await twoConcurrentReaders(cache)).toEqual({ values: ['v', 'v'], runs: 1 });
    expect(cache.size).toBe(0);
  });
});

describe('ReadCache: readers’ own rows', () => {
  /** A reader's rows as a loader sees them: `held` by id; `asked` records each load's ids. */
  function rowsSetup(ttlMs = 1000, maxReaderRows = 100) {
    const clock = fakeClock();
    const cache = new ReadCache({ ttlMs, maxEntries: 10, maxReaderRows, now: clock.now });
    const held = new Map<string, string>([
      ['r1', 'mine on r1'],
      ['r2', 'mine on r2'],
    ]);
    const asked: string[][] = [];
    const load = async (ids: readonly string[]) => {
      asked.push([...ids]);
      return new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id)!] as const] : [])));
    };
    const read = (ids: string[], tag = 'reader:u1') => cache.readerRows('entry', tag, ids, load);
    return { cache, held, asked, read, advance: clock.advance };
  }

  it('reads only what it does not hold, and holds what is not there too', async () => {
    const { read, asked } = rowsSetup();
    expect([...(await read(['r1', 'r3']))]).toEqual([['r1', 'mine on r1']]);
    const again = await read(['r3', 'r2', 'r1']);
    expect(asked).toEqual([['r1', 'r3'], ['r2']]);
    expect(again.get('r1')).toBe('mine on r1');
    expect(again.get('r2')).toBe('mine on r2');
    expect(again.has('r3')).toBe(false);
    await read(['r1', 'r2', 'r3']);
    expect(asked).toHaveLength(2);
  });

  it('keeps each reader’s rows apart, and drops a reader’s on their tag or on everything', async () => {
    const { cache, read, held, asked } = rowsSetup();
    await read(['r1']);
    await read(['r1'], 'reader:u2');
    held.set('r1', 'changed');
    cache.invalidate('reader:u1');
    expect((await read(['r1'])).get('r1')).toBe('changed');
    expect((await read(['r1'], 'reader:u2')).get('r1')).toBe('mine on r1');
    expect(asked).toHaveLength(3);
    cache.applyRemote([ALL_TAG]);
    await read(['r1'], 'reader:u2');
    expect(asked).toHaveLength(4);
    // Another instance's invalidation of the reader drops their rows here too.
    cache.applyRemote(['reader:u2']);
    await read(['r1'], 'reader:u2');
    expect(asked).toHaveLength(5);
  });

  it('answers with rows a write overlapped but does not keep them', async () => {
    const { cache, read, asked } = rowsSetup();
    const slow = deferred<Map<string, string>>();
    const during = cache.readerRows('entry', 'reader:u1', ['r1'], async (ids) => {
      asked.push([...ids]);
      return slow.promise;
    });
    cache.invalidate('reader:u1');
    slow.resolve(new Map([['r1', 'before the write']]));
    expect((await during).get('r1')).toBe('before the write');
    expect((await read(['r1'])).get('r1')).toBe('mine on r1');
    expect(asked).toEqual([['r1'], ['r1']]);
  });

  it('keeps rows a caller read since a moment, as if loaded, unless a write came between', async () => {
    const { cache, read, asked } = rowsSetup();
    const since = cache.moment;
    cache.keepReaderRows(
      'entry',
      'reader:u1',
      ['r1', 'r3'],
      new Map([['r1', 'read with a page']]),
      since,
    );
    const kept = await read(['r1', 'r3']);
    expect(kept.get('r1')).toBe('read with a page');
    expect(kept.has('r3')).toBe(false);
    expect(asked).toEqual([]);
    // Read before the reader's write, given after it: not kept.
    const before = cache.moment;
    cache.invalidate('reader:u2');
    cache.keepReaderRows('entry', 'reader:u2', ['r1'], new Map([['r1', 'stale']]), before);
    expect((await read(['r1'], 'reader:u2')).get('r1')).toBe('mine on r1');
    expect(asked).toEqual([['r1']]);
  });

  it('holds rows for the TTL only, never serving them stale', async () => {
    const { read, asked, advance } = rowsSetup(1000);
    await read(['r1']);
    advance(1000);
    await read(['r1']);
    expect(asked).toHaveLength(1);
    advance(1);
    await read(['r1']);
    expect(asked).toHaveLength(2);
  });

  it('keeps at most maxReaderRows rows, dropping the least recent reader’s', async () => {
    const { read, asked } = rowsSetup(1000, 3);
    await read(['r1', 'r2'], 'reader:u1');
    await read(['r3'], 'reader:u2');
    await read(['r1'], 'reader:u1');
    expect(asked).toHaveLength(2);
    // Two more rows of the second reader's: past the bound, the first reader's go.
    await read(['r1', 'r2'], 'reader:u2');
    await read(['r3'], 'reader:u2');
    expect(asked).toHaveLength(3);
    await read(['r1'], 'reader:u1');
    expect(asked).toHaveLength(4);
  });

  it('holds nothing when the cache is off or keeps no rows', async () => {
    for (const [ttlMs, maxReaderRows] of [
      [0, 100],
      [1000, 0],
    ] as const) {
      const { read, asked } = rowsSetup(ttlMs, maxReaderRows);
      await read(['r1', 'r2']);
      await read(['r1', 'r2']);
      expect(asked).toEqual([
        ['r1', 'r2'],
        ['r1', 'r2'],
      ]);
    }
  });
});
