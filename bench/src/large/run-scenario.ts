import {
  measure,
  oneAtATime,
  probe,
  rotating,
  settle,
  type LoadOptions,
  type LoadResult,
  type SequentialResult,
} from '../lib/load';
import { cpuMeter, type CpuPerRequest } from '../lib/cpu';
import { COLD_SEQUENTIAL_FROM } from './long-tail';
import type { Samples, Scenario } from './scenarios';

/** How the read cache served the timed run: differences of its counters (GET /api/read-cache/stats). */
export interface CacheCounts {
  hits: number;
  stale: number;
  joined: number;
  misses: number;
  bypassed: number;
}

export interface CacheServed extends CacheCounts {
  /** Hits and stale hits over every lookup. */
  hitRate: number;
  lookups: number;
}

export type Outcome =
  | {
      name: string;
      status: 'measured';
      signedIn: boolean;
      result: LoadResult;
      /** The bare route at the same connections in this run (see BareRoute.reference). */
      bare: LoadResult;
      ratio: number;
      meetsTarget: boolean;
      /** The p99 the scenario must keep within. */
      maxP99Ms: number;
      connections: number;
      sequential: SequentialResult | null;
      cache: CacheServed | null;
      /** CPU time per request of the timed run: the server's, PostgreSQL's (null off Linux). */
      cpu: CpuPerRequest | null;
    }
  | { name: string; status: 'skipped' | 'failed'; signedIn: boolean; reason: string };

export interface Bench {
  baseUrl: string;
  /** The server's process id, for its CPU time. */
  serverPid: number | undefined;
  load: LoadOptions;
  samples: Samples;
  cookies: readonly string[];
  /** The bare route at `connections` to compare with (see BareRoute.reference). */
  bare: (connections: number) => Promise<LoadResult>;
  /** Requests of the one-at-a-time pass; 0: none. */
  sequentialRequests: number;
  target: { minRatio: number; maxP99Ms: number };
}

async function cacheCounts(baseUrl: string): Promise<CacheCounts | null> {
  const res = await probe(`${baseUrl}/api/read-cache/stats`);
  return res.status === 200 ? (JSON.parse(res.body) as CacheCounts) : null;
}

function served(before: CacheCounts, after: CacheCounts): CacheServed {
  const d = (k: keyof CacheCounts) => after[k] - before[k];
  const counts = {
    hits: d('hits'),
    stale: d('stale'),
    joined: d('joined'),
    misses: d('misses'),
    bypassed: d('bypassed'),
  };
  const lookups = Object.values(counts).reduce((a, b) => a + b, 0);
  return { ...counts, lookups, hitRate: lookups ? (counts.hits + counts.stale) / lookups : 0 };
}

type Measured = Extract<Outcome, { status: 'measured' }>;

/**
 * A scenario's figures against the bare route: the target is met with
 * `minRatio` of its requests per second, the p99 within the scenario's
 * limit and nothing failed.
 */
export function judged(
  { result, maxP99Ms }: Pick<Measured, 'result' | 'maxP99Ms'>,
  bare: LoadResult,
  minRatio: number,
): Pick<Measured, 'bare' | 'ratio' | 'meetsTarget'> {
  const ratio = result.reqPerSec / bare.reqPerSec;
  const meetsTarget =
    ratio >= minRatio && result.p99Ms <= maxP99Ms && result.non2xx + result.errors === 0;
  return { bare, ratio, meetsTarget };
}

/** Probes, loads, then times one request at a time, one scenario. */
export async function runScenario(b: Bench, scenario: Scenario): Promise<Outcome> {
  const signedIn = Boolean(scenario.signedIn);
  const base = { name: scenario.name, signedIn };
  const paths = scenario.paths(b.samples);
  if (paths.length === 0) {
    return { ...base, status: 'skipped', reason: scenario.skipReason ?? 'no paths' };
  }
  const cookies = signedIn ? b.cookies : [];
  const health = `${b.baseUrl}/api/health`;
  await settle(health);
  // A cold scenario's first path is the first it measures: probe another, far down its list.
  const probed = scenario.cold ? paths[paths.length - 1]! : paths[0]!;
  const first = await probe(`${b.baseUrl}${probed}`, cookies[0] ? { cookie: cookies[0] } : {});
  if (first.status === 404) {
    return { ...base, status: 'skipped', reason: 'no such endpoint yet' };
  }
  if (first.status !== 200) {
    const reason = `probe answered ${first.status || 'nothing'}: ${first.body.slice(0, 200)}`;
    return { ...base, status: 'failed', reason };
  }
  const connections = scenario.connections ?? b.load.connections;
  const load = { ...b.load, connections, ...(scenario.cold ? { warmupS: 0 } : {}) };
  const counts: { before?: CacheCounts | null } = {};
  const meter = cpuMeter(b.serverPid);
  const result = await measure(b.baseUrl, paths, load, health, cookies, async () => {
    counts.before = await cacheCounts(b.baseUrl);
    meter?.start();
  });
  const cpu = meter?.stop(result.requests) ?? null;
  await settle(health);
  const after = await cacheCounts(b.baseUrl);
  const sequential =
    b.sequentialRequests > 0
      ? await oneAtATime(
          b.baseUrl,
          rotating(paths, cookies),
          b.sequentialRequests,
          scenario.cold ? COLD_SEQUENTIAL_FROM : 0,
        )
      : null;
  const maxP99Ms = scenario.maxP99Ms ?? b.target.maxP99Ms;
  return {
    ...base,
    status: 'measured',
    result,
    ...judged({ result, maxP99Ms }, await b.bare(connections), b.target.minRatio),
    maxP99Ms,
    connections,
    sequential,
    cache: counts.before && after ? served(counts.before, after) : null,
    cpu,
  };
}
