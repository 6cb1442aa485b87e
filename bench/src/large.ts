import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetCounts, prepareDatasetFromEnv, sampleIds } from './large/dataset';
import { ensureBenchLists, listCounts, listSamples, listScenarios } from './large/lists';
import { scenarios, type Scenario } from './large/scenarios';
import { startEarmark } from './lib/earmark';
import { measure, probe, settle, type LoadOptions, type LoadResult } from './lib/load';
import { repoRoot, requireBuiltServer } from './lib/paths';
import { freePort } from './lib/ports';
import { ensureReachable } from './lib/postgres';
import { startProcess } from './lib/process';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import { signIn } from './lib/sessions';

/**
 * The large-dataset benchmark: 100k releases, 1M ratings in PostgreSQL, the
 * main read endpoints under load, compared with a bare Fastify route.
 */

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 20),
  warmupS: 3,
};
/** Target: at least this share of the bare route's throughput, and a p99 within this. */
const MIN_RATIO = 1 / 6;
const MAX_P99_MS = 50;
/** Signed-in scenarios take turns among this many users' sessions. */
const SIGNED_IN_USERS = 50;

/** BENCH_SCENARIOS: comma-separated parts of scenario names; only those run (all when unset). */
function chosen(all: Scenario[]): Scenario[] {
  const parts = (process.env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return all;
  return all.filter((s) => parts.some((p) => s.name.toLowerCase().includes(p)));
}

const readCache = () =>
  process.env.READ_CACHE_SECONDS === '0'
    ? 'off (READ_CACHE_SECONDS=0)'
    : `on (READ_CACHE_SECONDS=${process.env.READ_CACHE_SECONDS ?? 'default'})`;

type Outcome =
  | {
      name: string;
      status: 'measured';
      result: LoadResult;
      ratio: number;
      meetsTarget: boolean;
      /** Set when the scenario ran at other than the run's connections (and the bare route too). */
      connections?: number;
      bare?: LoadResult;
    }
  | { name: string; status: 'skipped' | 'failed'; reason: string };

async function startBare(logDir: string) {
  const port = await freePort();
  const started = await startProcess({
    args: ['--import', 'tsx', path.join(repoRoot, 'bench/src/bare-server.ts')],
    env: { ...process.env, PORT: String(port) },
    cwd: repoRoot,
    logPath: path.join(logDir, 'bare.log'),
    healthUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: started.stop };
}

const ratioText = (ratio: number) => (ratio > 0 ? `1/${(1 / ratio).toFixed(1)}` : '0');

function meets(result: LoadResult, bare: LoadResult, maxP99Ms = MAX_P99_MS): boolean {
  return (
    result.reqPerSec >= bare.reqPerSec * MIN_RATIO &&
    result.p99Ms <= maxP99Ms &&
    result.non2xx + result.errors === 0
  );
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
    const samples = await sampleIds(dataset.url);
    const run = chosen([...scenarios, ...listScenarios(await listSamples(dataset.url))]);
    const session = await signIn(dataset.url, SIGNED_IN_USERS);
    const bare = await startBare(logDir);
    const server = await startEarmark({
      dataDir: logDir,
      databaseUrl: dataset.url,
      seedDemo: false,
      timeoutMs: 120_000,
    });
    const outcomes: Outcome[] = [];
    let bareResult: LoadResult;
    try {
      console.log(
        `\nLoad: ${LOAD.connections} connections, ${LOAD.durationS} s per scenario ` +
          `(after a ${LOAD.warmupS} s warm-up), loopback only; read cache ${readCache()}; ` +
          `signed-in scenarios take turns among ${session.cookies.length} users.`,
      );
      process.stdout.write('bare Fastify JSON route ... ');
      bareResult = await measure(bare.baseUrl, ['/'], LOAD);
      console.log(`${fmt.int(bareResult.reqPerSec)} req/s`);
      for (const scenario of run) {
        process.stdout.write(`${scenario.name} ... `);
        const paths = scenario.paths(samples);
        const cookies = scenario.signedIn ? session.cookies : [];
        await settle(`${server.baseUrl}/api/health`);
        const first = await probe(
          `${server.baseUrl}${paths[0]}`,
          cookies[0] ? { cookie: cookies[0] } : {},
        );
        if (first.status === 404) {
          console.log('skipped (no such endpoint yet)');
          outcomes.push({ name: scenario.name, status: 'skipped', reason: 'no such endpoint yet' });
          continue;
        }
        if (first.status !== 200) {
          const reason = `probe answered ${first.status || 'nothing'}: ${first.body.slice(0, 200)}`;
          console.log(`failed (${reason})`);
          outcomes.push({ name: scenario.name, status: 'failed', reason });
          continue;
        }
        const health = `${server.baseUrl}/api/health`;
        const load = { ...LOAD, connections: scenario.connections ?? LOAD.connections };
        const result = await measure(server.baseUrl, paths, load, health, cookies);
        // A scenario at its own connection count is compared with the bare route at that count.
        const ownBare =
          load.connections === LOAD.connections
            ? undefined
            : await measure(bare.baseUrl, ['/'], load);
        const ratio = result.reqPerSec / (ownBare ?? bareResult).reqPerSec;
        console.log(`${fmt.int(result.reqPerSec)} req/s, p99 ${fmt.ms(result.p99Ms)} ms`);
        outcomes.push({
          name: scenario.name,
          status: 'measured',
          result,
          ratio,
          meetsTarget: meets(result, ownBare ?? bareResult, scenario.maxP99Ms),
          ...(ownBare ? { connections: load.connections, bare: ownBare } : {}),
        });
      }
    } finally {
      await server.stop();
      await bare.stop();
      await session.end();
    }

    const row = (name: string, r: LoadResult, ratio: string, target: string) => [
      name,
      fmt.int(r.reqPerSec),
      fmt.ms(r.p50Ms),
      fmt.ms(r.p99Ms),
      String(r.non2xx + r.errors),
      r.loadAverage.toFixed(1),
      ratio,
      target,
    ];
    const rows = [row('bare Fastify JSON route', bareResult, '1', '')];
    for (const o of outcomes) {
      if (o.status === 'measured') {
        if (o.bare) rows.push(row(`bare route, ${o.connections} connections`, o.bare, '1', ''));
        const name = o.connections ? `${o.name}, ${o.connections} connections` : o.name;
        rows.push(row(name, o.result, ratioText(o.ratio), o.meetsTarget ? 'ok' : 'MISS'));
      } else {
        const status = o.status === 'skipped' ? 'skipped (no such endpoint yet)' : 'failed';
        rows.push([o.name, '-', '-', '-', '-', '-', '-', status]);
      }
    }
    if (dataset.generation) {
      console.log(`\nDataset generated in ${fmt.s(dataset.generation.totalMs)} s:`);
      for (const s of dataset.generation.steps) console.log(`  ${s.step}: ${fmt.s(s.ms)} s`);
    }
    if (listsAdded) console.log(`\nLists added in ${fmt.s(listsAdded.ms)} s (${listsAdded.step}).`);
    console.log(
      `\nTarget: req/s >= 1/6 of the bare route, p99 <= ${MAX_P99_MS} ms ` +
        `(or the scenario's own), no failures.\n`,
    );
    console.log(
      table(
        ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'load', 'vs bare', 'target'],
        rows,
        1,
      ),
    );
    const file = writeResults('large', at, {
      at,
      machine: machine(),
      load: LOAD,
      readCache: readCache(),
      signedInUsers: session.cookies.length,
      target: { minRatioToBare: MIN_RATIO, maxP99Ms: MAX_P99_MS },
      dataset: {
        database: dataset.name,
        reused: dataset.reused,
        kept: dataset.kept,
        scale,
        counts,
        generation: dataset.generation,
        listsAdded,
      },
      bare: bareResult,
      scenarios: outcomes,
    });
    console.log("(load: the machine's 1-minute load average as each scenario ended)");
    console.log(`\nWritten to ${file}`);
    if (dataset.kept) console.log(`Dataset kept in database ${dataset.name} (BENCH_KEEP_DB=1).`);
  } finally {
    await dataset.release();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}
