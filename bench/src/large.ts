import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetCounts, prepareDataset, sampleIds } from './large/dataset';
import { scenarios } from './large/scenarios';
import { startEarmark } from './lib/earmark';
import { measure, probe, settle, type LoadOptions, type LoadResult } from './lib/load';
import { repoRoot, requireBuiltServer } from './lib/paths';
import { freePort } from './lib/ports';
import { ensureReachable } from './lib/postgres';
import { startProcess } from './lib/process';
import { fmt, machine, stamp, table, writeResults } from './lib/report';

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

type Outcome =
  | { name: string; status: 'measured'; result: LoadResult; ratio: number; meetsTarget: boolean }
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

function meets(result: LoadResult, bare: LoadResult): boolean {
  return (
    result.reqPerSec >= bare.reqPerSec * MIN_RATIO &&
    result.p99Ms <= MAX_P99_MS &&
    result.non2xx + result.errors === 0
  );
}

export async function runLarge(): Promise<void> {
  requireBuiltServer();
  if (!(await ensureReachable())) return;
  const at = stamp();
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const keep = process.env.BENCH_KEEP_DB === '1';
  const dataset = await prepareDataset({ at, scale, keep });
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-large-'));
  try {
    const counts = await datasetCounts(dataset.url);
    console.log('Dataset:', counts);
    const samples = await sampleIds(dataset.url);
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
          `(after a ${LOAD.warmupS} s warm-up), loopback only.`,
      );
      process.stdout.write('bare Fastify JSON route ... ');
      bareResult = await measure(bare.baseUrl, ['/'], LOAD);
      console.log(`${fmt.int(bareResult.reqPerSec)} req/s`);
      for (const scenario of scenarios) {
        process.stdout.write(`${scenario.name} ... `);
        const paths = scenario.paths(samples);
        await settle(`${server.baseUrl}/api/health`);
        const first = await probe(`${server.baseUrl}${paths[0]}`);
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
        const result = await measure(server.baseUrl, paths, LOAD, `${server.baseUrl}/api/health`);
        const ratio = result.reqPerSec / bareResult.reqPerSec;
        console.log(`${fmt.int(result.reqPerSec)} req/s, p99 ${fmt.ms(result.p99Ms)} ms`);
        outcomes.push({
          name: scenario.name,
          status: 'measured',
          result,
          ratio,
          meetsTarget: meets(result, bareResult),
        });
      }
    } finally {
      await server.stop();
      await bare.stop();
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
        rows.push(row(o.name, o.result, ratioText(o.ratio), o.meetsTarget ? 'ok' : 'MISS'));
      } else {
        const status = o.status === 'skipped' ? 'skipped (no such endpoint yet)' : 'failed';
        rows.push([o.name, '-', '-', '-', '-', '-', '-', status]);
      }
    }
    if (dataset.generation) {
      console.log(`\nDataset generated in ${fmt.s(dataset.generation.totalMs)} s:`);
      for (const s of dataset.generation.steps) console.log(`  ${s.step}: ${fmt.s(s.ms)} s`);
    }
    console.log(
      `\nTarget: req/s >= 1/6 of the bare route, p99 <= ${MAX_P99_MS} ms, no failures.\n`,
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
      target: { minRatioToBare: MIN_RATIO, maxP99Ms: MAX_P99_MS },
      dataset: {
        database: dataset.name,
        reused: dataset.reused,
        kept: dataset.kept,
        scale,
        counts,
        generation: dataset.generation,
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
