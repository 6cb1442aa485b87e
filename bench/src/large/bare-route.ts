import type { CpuPerRequest } from '../lib/cpu';
import type { LoadResult } from '../lib/load';
import { judged, type Outcome } from './run-scenario';

/** A load run of the bare route, with what it cost its process a request. */
export type BareMeasurement = LoadResult & { cpu: CpuPerRequest | null };

/** When in the run a measurement was taken. */
export type BareMoment = 'start' | 'middle' | 'end';

export interface BareTaken {
  at: BareMoment;
  measured: BareMeasurement;
}

/**
 * The measurement every scenario is compared with: the median of those taken
 * by requests per second (the higher of the middle two of an even count,
 * which judges more strictly). On a shared machine of two cores one load
 * run of the bare route swung from 16,346 to 29,854 req/s minutes apart; a
 * single one made every ratio of its run an outlier's.
 */
export function medianOf<T extends { reqPerSec: number }>(measured: readonly T[]): T {
  if (measured.length === 0) throw new Error('The bare route was not measured.');
  const sorted = [...measured].sort((a, b) => a.reqPerSec - b.reqPerSec);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The bare route of a run, measured at each connection count its scenarios
 * use: at the start (the first time a count is asked for), then again in
 * the middle and at the end of the run (`again`); scenarios are compared
 * with the median of what was taken (`reference`).
 */
export class BareRoute {
  private readonly taken = new Map<number, BareTaken[]>();

  constructor(private readonly measureAt: (connections: number) => Promise<BareMeasurement>) {}

  /** The measurements at `connections` so far, in the order taken. */
  measurements(connections: number): readonly BareTaken[] {
    return this.taken.get(connections) ?? [];
  }

  /** The counts measured so far. */
  get counts(): number[] {
    return [...this.taken.keys()];
  }

  /** The reference at `connections` (see medianOf): measured first if it never was. */
  async reference(connections: number): Promise<BareMeasurement> {
    if (!this.taken.has(connections)) await this.take(connections, 'start');
    return medianOf(this.measurements(connections).map((t) => t.measured));
  }

  /** Measures the bare route again at every count measured so far. */
  async again(at: Exclude<BareMoment, 'start'>): Promise<void> {
    for (const connections of this.counts) await this.take(connections, at);
  }

  private async take(connections: number, at: BareMoment): Promise<void> {
    const measured = await this.measureAt(connections);
    this.taken.set(connections, [...this.measurements(connections), { at, measured }]);
  }
}

/**
 * Each measured outcome judged again against the reference at its count,
 * once the run's last measurements of the bare route are in.
 */
export async function rejudged(
  outcomes: readonly Outcome[],
  bare: BareRoute,
  minRatio: number,
): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const o of outcomes) {
    if (o.status !== 'measured') out.push(o);
    else out.push({ ...o, ...judged(o, await bare.reference(o.connections), minRatio) });
  }
  return out;
}
