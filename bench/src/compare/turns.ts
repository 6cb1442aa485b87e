import type { CpuPerRequest } from '../lib/cpu';
import type { LoadResult } from '../lib/load';

/** The two builds compared: `a` is the current build, `b` the other one. */
export type Build = 'a' | 'b';

/**
 * The order the builds are loaded in, round by round: A then B, then B then
 * A, and so on, so whatever drifts over a run (the machine's other work, the
 * database's caches) falls on both builds alike.
 */
export function turnsOf(rounds: number): Build[][] {
  return Array.from({ length: rounds }, (_, r) => (r % 2 === 0 ? ['a', 'b'] : ['b', 'a']));
}

/** One timed load run of one build. */
export interface Turn {
  build: Build;
  round: number;
  result: LoadResult;
  cpu: CpuPerRequest | null;
}

/** A build's turns of one scenario: each run's figures, in round order, and their medians. */
export interface BuildFigures {
  reqPerSec: number[];
  p99Ms: number[];
  serverMs: (number | null)[];
  postgresMs: (number | null)[];
  /** Answers outside 2xx and failed requests over all its turns. */
  failed: number;
  median: { reqPerSec: number; p99Ms: number; serverMs: number | null; postgresMs: number | null };
}

/** The middle value (the lower of the two middle ones for an even count); null for none. */
export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  if (known.length === 0) return null;
  return known[Math.floor((known.length - 1) / 2)]!;
}

function figuresOf(turns: readonly Turn[]): BuildFigures {
  const inOrder = [...turns].sort((x, y) => x.round - y.round);
  const reqPerSec = inOrder.map((t) => t.result.reqPerSec);
  const p99Ms = inOrder.map((t) => t.result.p99Ms);
  const serverMs = inOrder.map((t) => t.cpu?.serverMs ?? null);
  const postgresMs = inOrder.map((t) => t.cpu?.postgresMs ?? null);
  return {
    reqPerSec,
    p99Ms,
    serverMs,
    postgresMs,
    failed: inOrder.reduce((n, t) => n + t.result.non2xx + t.result.errors, 0),
    median: {
      reqPerSec: median(reqPerSec) ?? 0,
      p99Ms: median(p99Ms) ?? 0,
      serverMs: median(serverMs),
      postgresMs: median(postgresMs),
    },
  };
}

/** B's median over A's (null where either is unknown or A's is zero). */
function over(b: number | null, a: number | null): number | null {
  return a === null || b === null || a === 0 ? null : b / a;
}

/** A scenario's turns summed up: each build's figures and B's medians over A's. */
export function summarise(turns: readonly Turn[]) {
  const a = figuresOf(turns.filter((t) => t.build === 'a'));
  const b = figuresOf(turns.filter((t) => t.build === 'b'));
  return {
    a,
    b,
    bOverA: {
      reqPerSec: over(b.median.reqPerSec, a.median.reqPerSec),
      serverMs: over(b.median.serverMs, a.median.serverMs),
      postgresMs: over(b.median.postgresMs, a.median.postgresMs),
    },
  };
}
