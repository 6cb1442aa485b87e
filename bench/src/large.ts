import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetCounts, prepareDatasetFromEnv, sampleIds } from './large/dataset';
import { collectDeepPages } from './large/depth';
import { ensureBenchLists, listCounts, listSamples, listScenarios } from './large/lists';
import { BareRoute, rejudged, type BareMeasurement, type BareTaken } from './large/bare-route';
import { COLUMN_NOTES, bareLine, notMeasured, outcomeTable } from './large/report';
import { cpuMeter } from './lib/cpu';
import { runScenario, type Outcome } from './large/run-scenario';
import { scenarios, type Scenario } from './large/scenarios';
import { startEarmark } from './lib/earmark';
import { measure, type LoadOptions } from './lib/load';
import { repoRoot, requireBuiltServer, serverNodeOptions } from './lib/paths';
import { freePort } from './lib/ports';
import { ensureReachable } from './lib/postgres';
import { startProcess } from './lib/process';
import { fmt, machine, stamp, writeResults } from './lib/report';
import { signIn } from './lib/sessions';

/**
 * The large-dataset benchmark: 100k releases, 1M ratings in PostgreSQL, the
 * main read endpoints under load (signed out and signed in, shallow and deep
 * pages, a cold long tail), each compared with a bare Fastify route, and
 * each timed one request at a time.
 */

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 20),
  warmupS: 3,
};
/** Target: at least this share of the bare route's throughput, and a p99 within this. */
const TARGET = { minRatio: 1 / 6, maxP99Ms: 50 };
/** Signed-in scenarios take turns among this many users' sessions (the most active ones). */
export const SIGNED_IN_USERS = 50;
/** Requests of the one-at-a-time pass of each scenario. */
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);

/** BENCH_SCENARIOS: comma-separated parts of scenario names; only those run (all when unset). */
export function chosen(all: Scenario[]): Scenario[] {
  const parts = (process.env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const signed = process.env.BENCH_SIGNED ?? 'both';
  if (!['in', 'out', 'both'].includes(signed)) throw new Error('BENCH_SIGNED is out, in or both');
  return all.filter(
    (s) =>
      (signed === 'both' || (signed === 'in') === Boolean(s.signedIn)) &&
      (parts.length === 0 || parts.some((p) => s.name.toLowerCase().includes(p))),
  );
}

const readCache = () =>
  process.env.READ_CACHE_SECONDS === '0'
    ? 'OFF (READ_CACHE_SECONDS=0)'
    : `ON (READ_CACHE_SECONDS=${process.env.READ_CACHE_SECONDS ?? '30, the default'})`;

async function startBare(logDir: string) {
  const port = await freePort();
  const started = await startProcess({
    // Node's options as Earmark's, so the two differ by their routes alone.
    args: [
      ...serverNodeOptions,
      '--import',
      'tsx',
      path.join(repoRoot, 'bench/src/bare-server.ts'),
    ],
    env: { ...process.env, PORT: String(port) },
    cwd: repoRoot,
    logPath: path.join(logDir, 'bare.log'),
    healthUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: started.child.pid, stop: started.stop };
}

/** Measures the bare route again at every count, saying what it found. */
async function measureBareAgain(bare: BareRoute, at: 'middle' | 'end'): Promise<void> {
  process.stdout.write(`bare Fastify JSON route again (${at} of the run) ... `);
  await bare.again(at);
  const last = bare.counts.map((c) => bare.measurements(c).at(-1)!.measured.reqPerSec);
  console.log(`${last.map(fmt.int).join(', ')} req/s`);
}

/** At each count: every measurement of the bare route and the reference among them. */
async function bareReferences(bare: BareRoute) {
  const out: [number, { reference: BareMeasurement; taken: readonly BareTaken[] }][] = [];
  for (const c of bare.counts) {
    out.push([c, { reference: await bare.reference(c), taken: bare.measurements(c) }]);
  }
  return out;
}

export async function runLarge(): Promise<void> {
  requireBuiltServer();
  if (!(await ensureReachable())) return;
  const at = stamp();
  const { dataset, scale } = await prepareDatasetFromEnv(at);
  const listsAdded = await ensureBenchLists(dataset.url, scale);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-large-'));
  try {
    const counts = { ...(await datasetCounts(dataset.url)), ...(await listCounts(dataset.url)) };
    console.log('Dataset:', counts);
    const sampled = await sampleIds(dataset.url);
    const run = chosen([...scenarios, ...listScenarios(await listSamples(dataset.url))]);
    const session = await signIn(dataset.url, SIGNED_IN_USERS);
    const bare = await startBare(logDir);
    const server = await startEarmark({
      dataDir: logDir,
      databaseUrl: dataset.url,
      seedDemo: false,
      timeoutMs: 120_000,
      env: { READ_CACHE_STATS: 'true' },
    });
    const outcomes: Outcome[] = [];
    const bareRoute = new BareRoute(async (connections) => {
      const meter = cpuMeter(bare.pid);
      const load = { ...LOAD, connections };
      const result = await measure(bare.baseUrl, ['/'], load, undefined, [], async () =>
        meter?.start(),
      );
      return { ...result, cpu: meter?.stop(result.requests) ?? null };
    });
    const header =
      `Read cache ${readCache()}; load: ${LOAD.connections} connections, ` +
      `${LOAD.durationS} s per scenario (after a ${LOAD.warmupS} s warm-up unless cold), ` +
      `loopback only; signed in: BENCH_SIGNED=${process.env.BENCH_SIGNED ?? 'both'}, ` +
      `taking turns among ${session.cookies.length} of the most active users; ` +
      `then ${SEQUENTIAL} requests one at a time.`;
    try {
      console.log(`\n${header}`);
      process.stdout.write('bare Fastify JSON route ... ');
      console.log(`${fmt.int((await bareRoute.reference(LOAD.connections)).reqPerSec)} req/s`);
      process.stdout.write('reading the deep pages of the long lists ... ');
      const samples = { ...sampled, deep: await collectDeepPages(server.baseUrl, sampled) };
      console.log('done');
      const bench = {
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        load: LOAD,
        samples,
        cookies: session.cookies,
        bare: (connections: number) => bareRoute.reference(connections),
        sequentialRequests: SEQUENTIAL,
        target: TARGET,
      };
      for (const [n, scenario] of run.entries()) {
        if (n > 0 && n === Math.floor(run.length / 2)) await measureBareAgain(bareRoute, 'middle');
        process.stdout.write(`${scenario.name} ... `);
        const o = await runScenario(bench, scenario);
        outcomes.push(o);
        if (o.status !== 'measured') console.log(`${o.status} (${o.reason})`);
        else {
          const hits = o.cache?.lookups
            ? `, cache hits ${(o.cache.hitRate * 100).toFixed(0)}%`
            : '';
          console.log(
            `${fmt.int(o.result.reqPerSec)} req/s, p99 ${fmt.ms(o.result.p99Ms)} ms${hits}`,
          );
        }
      }

      await measureBareAgain(bareRoute, 'end');
      const judgedOutcomes = await rejudged(outcomes, bareRoute, TARGET.minRatio);
      const bareResult = await bareRoute.reference(LOAD.connections);

      if (dataset.generation) {
        console.log(`\nDataset generated in ${fmt.s(dataset.generation.totalMs)} s:`);
        for (const s of dataset.generation.steps) console.log(`  ${s.step}: ${fmt.s(s.ms)} s`);
      }
      if (listsAdded)
        console.log(`\nLists added in ${fmt.s(listsAdded.ms)} s (${listsAdded.step}).`);
      console.log(`\n${header}`);
      console.log(
        `Target: req/s >= 1/6 of the bare route, p99 <= ${TARGET.maxP99Ms} ms ` +
          `(or the scenario's own), no failures.\n`,
      );
      console.log(outcomeTable(bareResult, judgedOutcomes, LOAD.connections, bareResult.cpu));
      const bareAt = await bareReferences(bareRoute);
      console.log(
        `\n${bareAt.map(([c, b]) => `  ${bareLine(c, b.taken, b.reference)}`).join('\n')}`,
      );
      console.log(`\n${COLUMN_NOTES.map((n) => `  ${n}`).join('\n')}`);
      const unmeasured = notMeasured(judgedOutcomes);
      if (unmeasured.length > 0) console.log(`\n${unmeasured.map((f) => `  ${f}`).join('\n')}`);
      const file = writeResults('large', at, {
        at,
        machine: machine(),
        load: LOAD,
        readCache: readCache(),
        signed: process.env.BENCH_SIGNED ?? 'both',
        signedInUsers: session.cookies.length,
        sequentialRequests: SEQUENTIAL,
        target: TARGET,
        dataset: {
          database: dataset.name,
          reused: dataset.reused,
          kept: dataset.kept,
          scale,
          counts,
          generation: dataset.generation,
          listsAdded,
        },
        bare: Object.fromEntries(bareAt),
        scenarios: judgedOutcomes,
      });
      console.log(`\nWritten to ${file}`);
      if (dataset.kept) console.log(`Dataset kept in database ${dataset.name} (BENCH_KEEP_DB=1).`);
    } finally {
      await server.stop();
      await bare.stop();
      await session.end();
    }
  } finally {
    await dataset.release();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}
