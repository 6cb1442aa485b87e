import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../lib/load';
import { median, summarise, turnsOf, type Build, type Turn } from './turns';

const result = (reqPerSec: number, p99Ms: number, failed = 0): LoadResult => ({
  reqPerSec,
  p50Ms: 1,
  p99Ms,
  requests: reqPerSec * 5,
  non2xx: failed,
  errors: 0,
  loadAverage: 1,
  statusCounts: {},
});

const turn = (
  build: Build,
  round: number,
  reqPerSec: number,
  serverMs: number | null,
  failed = 0,
): Turn => ({
  build,
  round,
  result: result(reqPerSec, reqPerSec / 100, failed),
  cpu: serverMs === null ? null : { serverMs, postgresMs: serverMs / 2 },
});

describe('comparing two builds', () => {
  it('loads the builds in turns that swap each round', () => {
    expect(turnsOf(4)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(turnsOf(0)).toEqual([]);
  });

  it('takes the middle value, the lower of two, and leaves unknown ones out', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([null, 5, null])).toBe(5);
    expect(median([null])).toBeNull();
  });

  it("sums each build's turns up in round order, with B's medians over A's", () => {
    const s = summarise([
      turn('b', 1, 900, 0.3),
      turn('a', 1, 1000, 0.2),
      turn('a', 2, 1200, 0.25),
      turn('b', 2, 600, 0.5, 3),
      turn('b', 3, 1100, 0.35),
      turn('a', 3, 800, null),
    ]);
    expect(s.a.reqPerSec).toEqual([1000, 1200, 800]);
    expect(s.b.reqPerSec).toEqual([900, 600, 1100]);
    expect(s.a.median).toEqual({ reqPerSec: 1000, p99Ms: 10, serverMs: 0.2, postgresMs: 0.1 });
    expect(s.b.median.reqPerSec).toBe(900);
    expect(s.b.failed).toBe(3);
    expect(s.a.failed).toBe(0);
    expect(s.bOverA.reqPerSec).toBeCloseTo(0.9);
    expect(s.bOverA.serverMs).toBeCloseTo(1.75);
    expect(s.bOverA.postgresMs).toBeCloseTo(1.75);
  });

  it('gives no ratio where a CPU time is unknown', () => {
    const s = summarise([turn('a', 1, 1000, null), turn('b', 1, 1000, 0.2)]);
    expect(s.bOverA.serverMs).toBeNull();
    expect(s.bOverA.reqPerSec).toBe(1);
  });
});
