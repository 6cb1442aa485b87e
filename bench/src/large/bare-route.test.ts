import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../lib/load';
import { BareRoute, medianOf, rejudged, type BareMeasurement } from './bare-route';
import type { Outcome } from './run-scenario';

const run = (reqPerSec: number, p99Ms = 5): LoadResult => ({
  reqPerSec,
  p50Ms: 1,
  p99Ms,
  requests: reqPerSec * 5,
  non2xx: 0,
  errors: 0,
  loadAverage: 1,
  statusCounts: { '200': reqPerSec * 5 },
});
const bareRun = (reqPerSec: number): BareMeasurement => ({ ...run(reqPerSec), cpu: null });

/** A bare route whose runs answer these req/s in turn, and the counts it was run at. */
function scripted(...figures: number[]) {
  const asked: number[] = [];
  const route = new BareRoute(async (connections) => {
    asked.push(connections);
    const next = figures.shift();
    if (next === undefined) throw new Error('measured more often than scripted');
    return bareRun(next);
  });
  return { route, asked };
}

const measured = (name: string, reqPerSec: number, connections = 50): Outcome => ({
  name,
  status: 'measured',
  signedIn: false,
  result: run(reqPerSec),
  bare: run(16_000),
  ratio: reqPerSec / 16_000,
  meetsTarget: reqPerSec / 16_000 >= 1 / 6,
  maxP99Ms: 50,
  connections,
  sequential: null,
  cache: null,
  cpu: null,
});

describe('the bare route of a run', () => {
  it('compares with the median of its runs, the higher middle one of an even count', () => {
    expect(medianOf([run(16_346), run(29_854), run(30_120)]).reqPerSec).toBe(29_854);
    expect(medianOf([run(30_120), run(16_346)]).reqPerSec).toBe(30_120);
    expect(medianOf([run(20_000)]).reqPerSec).toBe(20_000);
    expect(() => medianOf([])).toThrow('not measured');
  });

  it('is measured once when first asked, then again at every count in the middle and at the end', async () => {
    const { route, asked } = scripted(16_346, 9_000, 29_854, 8_000, 30_120, 9_500);
    expect((await route.reference(50)).reqPerSec).toBe(16_346);
    expect((await route.reference(50)).reqPerSec).toBe(16_346);
    expect((await route.reference(10)).reqPerSec).toBe(9_000);
    await route.again('middle');
    await route.again('end');
    expect(asked).toEqual([50, 10, 50, 10, 50, 10]);
    expect(route.measurements(50).map((t) => [t.at, t.measured.reqPerSec])).toEqual([
      ['start', 16_346],
      ['middle', 29_854],
      ['end', 30_120],
    ]);
    expect((await route.reference(50)).reqPerSec).toBe(29_854);
    expect((await route.reference(10)).reqPerSec).toBe(9_000);
  });

  it('judges every scenario again against the final reference at its count', async () => {
    const { route } = scripted(16_346, 29_854, 30_120);
    await route.reference(50);
    await route.again('middle');
    await route.again('end');
    const skipped: Outcome = { name: 'x', status: 'skipped', signedIn: false, reason: 'none' };
    // 3,000 req/s is 1/5.4 of the first run alone, but 1/10 of the median.
    const [first, second] = await rejudged([measured('top', 3_000), skipped], route, 1 / 6);
    expect(first).toMatchObject({ status: 'measured', meetsTarget: false });
    expect(first?.status === 'measured' && first.bare.reqPerSec).toBe(29_854);
    expect(first?.status === 'measured' && first.ratio).toBeCloseTo(3_000 / 29_854, 6);
    expect(second).toBe(skipped);
  });
});
