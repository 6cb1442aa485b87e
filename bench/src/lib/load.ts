import os from 'node:os';
import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** Unmeasured run first, so JIT, pools and database caches are warm. */
  warmupS: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx, and socket errors and timeouts: a run with any is suspect. */
  non2xx: number;
  errors: number;
  /** The machine's 1-minute load average as the run ended: other work skews the figures. */
  loadAverage: number;
  /** Responses by status code. */
  statusCounts: Record<string, number>;
}

/** One request of a load run: a GET of `path` unless told otherwise. */
export interface PlannedRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The `n`th request of a run (counted across its connections). */
export type Planner = (n: number) => PlannedRequest;

/**
 * GETs of `paths` in turn (so a list of ids is rotated through rather than
 * one cached row) and, when `cookies` are given, with the next of those too
 * (signed in as one user after another).
 */
export function rotating(paths: readonly string[], cookies: readonly string[] = []): Planner {
  if (paths.length === 0) throw new Error('No paths to request');
  return (n) => {
    const cookie = cookies[n % cookies.length];
    return { path: paths[n % paths.length]!, ...(cookie ? { headers: { cookie } } : {}) };
  };
}

/** Hammers `baseUrl`, each connection taking the next request of `plan`. */
async function run(
  baseUrl: string,
  plan: Planner,
  connections: number,
  limit: { durationS: number } | { amount: number },
): Promise<autocannon.Result> {
  let next = 0;
  const nextRequest = (req: autocannon.Request): autocannon.Request => {
    const planned = plan(next);
    next += 1;
    const json = planned.body !== undefined;
    return {
      ...req,
      method: planned.method ?? 'GET',
      path: planned.path,
      headers: {
        ...req.headers,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...planned.headers,
      },
      ...(json ? { body: JSON.stringify(planned.body) } : {}),
    };
  };
  return autocannon({
    url: baseUrl,
    connections,
    ...('amount' in limit ? { amount: limit.amount } : { duration: limit.durationS }),
    requests: [{ method: 'GET', setupRequest: nextRequest }],
  });
}

function loadResult(r: autocannon.Result): LoadResult {
  return {
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    statusCounts: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
    ),
  };
}

export async function measure(
  baseUrl: string,
  paths: readonly string[] | Planner,
  opts: LoadOptions,
  /** Health URL to wait on after the warm-up, so its backlog is not measured. */
  settleUrl?: string,
  /** Session cookies to take turns with; none: signed out. */
  cookies: readonly string[] = [],
  /** Called just before the timed run (after the warm-up and settling). */
  beforeTimed: () => Promise<unknown> = async () => undefined,
): Promise<LoadResult> {
  const plan = typeof paths === 'function' ? paths : rotating(paths, cookies);
  if (opts.warmupS > 0) {
    // Every path once, then the timed warm-up: what is measured is the steady
    // state of a server that has seen its pages, not its first visits.
    const amount = Math.max(typeof paths === 'function' ? 0 : paths.length, opts.connections);
    await run(baseUrl, plan, opts.connections, { amount });
    await run(baseUrl, plan, opts.connections, { durationS: opts.warmupS });
    if (settleUrl) await settle(settleUrl);
  }
  await beforeTimed();
  return loadResult(await run(baseUrl, plan, opts.connections, { durationS: opts.durationS }));
}

/** Latency of requests sent one at a time. */
export interface SequentialResult {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx and requests that got no answer. */
  failed: number;
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

/**
 * `amount` GETs of `plan` from its `from`th request on, each sent once the
 * one before was answered, timed to the fraction of a millisecond (the
 * load runs' latencies are whole milliseconds).
 */
export async function oneAtATime(
  baseUrl: string,
  plan: Planner,
  amount: number,
  from = 0,
): Promise<SequentialResult> {
  const ms: number[] = [];
  let failed = 0;
  for (let n = from; n < from + amount; n += 1) {
    const { path, headers } = plan(n);
    const started = performance.now();
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        headers,
        signal: AbortSignal.timeout(60_000),
      });
      await res.arrayBuffer();
      if (!res.ok) failed += 1;
    } catch {
      failed += 1;
    }
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { requests: amount, p50Ms: percentile(ms, 0.5), p99Ms: percentile(ms, 0.99), failed };
}

/** Status of one GET, to tell whether an endpoint exists before loading it (0: no answer). */
export async function probe(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Waits until the server has worked off the requests a previous run left
 * queued (autocannon stops sending, not the server serving), so one
 * scenario's backlog does not count against the next.
 */
export async function settle(healthUrl: string, timeoutMs = 120_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  let quick = 0;
  while (quick < 3 && performance.now() < until) {
    const started = performance.now();
    const { status } = await probe(healthUrl);
    quick = status === 200 && performance.now() - started < 250 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
