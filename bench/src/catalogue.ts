import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReleaseListKind, pagedReleasesSchema } from '@earmark/common';
import { logMessages, startEarmark } from './lib/earmark';
import { measure, settle, type LoadOptions, type LoadResult } from './lib/load';
import { requireBuiltServer } from './lib/paths';
import { adminUrl, createDatabase, databaseUrl, reachable, redact } from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';

/**
 * The demo catalogue benchmark: seed time on a fresh install, then the
 * release page and the top list under load, on PGlite and on PostgreSQL.
 */

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  warmupS: 2,
};

interface Scenario {
  name: string;
  result: LoadResult;
}

interface DatabaseRun {
  database: 'pglite' | 'postgres';
  /** Spawn to first healthy answer on an empty database: migrations, admin, demo seed. */
  firstStartMs: number;
  /** The server's own summary line of the demo seed. */
  seedSummary: string | null;
  releases: number;
  scenarios: Scenario[];
}

/** Every visible release id, through the recently-added list. */
async function releaseIds(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const url = `${baseUrl}/api/releases?type=${ReleaseListKind.RecentlyAdded}&pageSize=100&page=${page}`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    const body = pagedReleasesSchema.parse(await res.json());
    ids.push(...body.releases.map((r) => r.id));
    if (page >= body.totalPages) return ids;
  }
}

async function benchOne(
  database: DatabaseRun['database'],
  dbUrl: string | undefined,
): Promise<DatabaseRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `earmark-bench-${database}-`));
  try {
    console.log(`\n[${database}] first start on an empty database (migrate + demo seed)...`);
    const server = await startEarmark({ dataDir, databaseUrl: dbUrl, seedDemo: true });
    try {
      const seedSummary =
        logMessages(server.logPath).find((m) => m.startsWith('Demo catalogue seeded')) ?? null;
      console.log(`[${database}] healthy after ${fmt.s(server.readyMs)} s`);
      console.log(`[${database}] server log: ${seedSummary ?? '(no seed summary line found)'}`);
      const ids = await releaseIds(server.baseUrl);
      console.log(`[${database}] ${ids.length} releases to rotate through`);

      const scenarios: Scenario[] = [];
      const plan: [string, string[]][] = [
        ['GET /api/releases/{id}', ids.map((id) => `/api/releases/${id}`)],
        ['GET /api/releases?type=top', [`/api/releases?type=${ReleaseListKind.Top}`]],
      ];
      for (const [name, paths] of plan) {
        await settle(`${server.baseUrl}/api/health`);
        process.stdout.write(`[${database}] ${name} ... `);
        const result = await measure(server.baseUrl, paths, LOAD, `${server.baseUrl}/api/health`);
        console.log(`${fmt.int(result.reqPerSec)} req/s, p99 ${fmt.ms(result.p99Ms)} ms`);
        scenarios.push({ name, result });
      }
      return {
        database,
        firstStartMs: Math.round(server.readyMs),
        seedSummary,
        releases: ids.length,
        scenarios,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(at: string): Promise<DatabaseRun | null> {
  if (!(await reachable())) {
    console.log(
      `\n[postgres] skipped: ${redact(adminUrl)} is not reachable (set BENCH_DATABASE_URL)`,
    );
    return null;
  }
  const name = `earmark_bench_${at}`;
  const drop = await createDatabase(name);
  try {
    return await benchOne('postgres', databaseUrl(name));
  } finally {
    await drop();
  }
}

export async function runCatalogue(): Promise<void> {
  requireBuiltServer();
  const at = stamp();
  console.log(
    `Demo catalogue benchmark: ${LOAD.connections} connections, ${LOAD.durationS} s per scenario ` +
      `(after a ${LOAD.warmupS} s warm-up), loopback only.`,
  );
  const runs = [await benchOne('pglite', undefined)];
  const pgRun = await benchPostgres(at);
  if (pgRun) runs.push(pgRun);

  const rows = runs.flatMap((run) =>
    run.scenarios.map((s) => [
      run.database,
      s.name,
      fmt.int(s.result.reqPerSec),
      fmt.ms(s.result.p50Ms),
      fmt.ms(s.result.p99Ms),
      String(s.result.non2xx + s.result.errors),
      s.result.loadAverage.toFixed(1),
    ]),
  );
  console.log('\nFirst start (migrate + demo seed, spawn to healthy):');
  for (const run of runs) console.log(`  ${run.database}: ${fmt.s(run.firstStartMs)} s`);
  console.log('');
  console.log(
    table(['database', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'load'], rows, 2),
  );
  console.log("(load: the machine's 1-minute load average as each scenario ended)");
  const file = writeResults('catalogue', at, { at, machine: machine(), load: LOAD, runs });
  console.log(`\nWritten to ${file}`);
}
