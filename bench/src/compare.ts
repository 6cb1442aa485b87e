import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarise, turnsOf, type Build, type Turn } from './compare/turns';
import { chosen, SIGNED_IN_USERS } from './large';
import { prepareDatasetFromEnv, sampleIds } from './large/dataset';
import { collectDeepPages } from './large/depth';
import { ensureBenchLists, listSamples, listScenarios } from './large/lists';
import { scenarios, type Scenario } from './large/scenarios';
import { cpuMeter } from './lib/cpu';
import { startEarmark, type EarmarkServer } from './lib/earmark';
import { measure, probe, settle, type LoadOptions } from './lib/load';
import { repoRoot, requireBuiltServer, serverMain } from './lib/paths';
import { ensureReachable } from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import { signIn } from './lib/sessions';

/**
 * Two builds of the server compared on the large dataset: the current one
 * (server/dist) and another (say, a copy of server/dist made before a
 * change), both running against the same dataset. Each chosen scenario is
 * loaded on one build and then on the other, in turns that swap each round
 * (see turnsOf), so what drifts over a run falls on both alike; each turn's
 * req/s, p99 and CPU time per request are reported, with B's medians over
 * A's. On a machine whose bare route swings by a fifth within minutes, a
 * change is told from the noise only so.
 */

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  warmupS: 2,
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The other build's main.js, from the command line: it must lie in the repository. */
function otherBuild(): string | null {
  const dir = process.argv[3];
  // npm runs the bench in bench/; a relative directory is the caller's (INIT_CWD).
  const main = dir ? path.resolve(process.env.INIT_CWD ?? process.cwd(), dir, 'main.js') : '';
  const inside = main.startsWith(path.join(repoRoot, 'server') + path.sep);
  if (dir && fs.existsSync(main) && inside) return main;
  console.error(
    'Usage: npm run bench -- compare <directory of the other build>\n\n' +
      'The directory holds the other build of the server (main.js and what `npm run build`\n' +
      'writes beside it) and lies under server/, where it finds the packages the build\n' +
      'needs, e.g. server/dist-before made by `cp -r server/dist server/dist-before`\n' +
      'before a change (git ignores server/dist-*).',
  );
  return null;
}

const perRequest = (ms: number | null) => (ms === null ? '-' : ms.toFixed(3));
const ratio = (r: number | null) => (r === null ? '-' : r.toFixed(2));

/** Loads `paths` on `server` once, timed: its figures and CPU time per request. */
async function loadOnce(
  server: EarmarkServer,
  paths: string[],
  cookies: readonly string[],
  connections: number,
): Promise<Pick<Turn, 'result' | 'cpu'>> {
  const health = `${server.baseUrl}/api/health`;
  await settle(health);
  const meter = cpuMeter(server.pid);
  const result = await measure(
    server.baseUrl,
    paths,
    { ...LOAD, connections },
    health,
    cookies,
    async () => meter?.start(),
  );
  return { result, cpu: meter?.stop(result.requests) ?? null };
}

/** Whether both builds answer a scenario's first path (an endpoint one of them lacks is skipped). */
async function bothAnswer(
  servers: Record<Build, EarmarkServer>,
  path: string,
  cookie: string | undefined,
): Promise<string | null> {
  for (const build of ['a', 'b'] as const) {
    const { status } = await probe(`${servers[build].baseUrl}${path}`, cookie ? { cookie } : {});
    if (status < 200 || status >= 300) return `build ${build.toUpperCase()} answered ${status}`;
  }
  return null;
}

export async function runCompare(): Promise<void> {
  requireBuiltServer();
  const other = otherBuild();
  if (!other) {
    process.exitCode = 1;
    return;
  }
  if (!(await ensureReachable())) return;
  const at = stamp();
  const { dataset, scale } = await prepareDatasetFromEnv(at);
  await ensureBenchLists(dataset.url, scale);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-compare-'));
  const builds: Record<Build, string> = { a: serverMain, b: other };
  try {
    const sampled = await sampleIds(dataset.url);
    // A cold scenario (the long tail) is measured once, with no warm-up: not in turns.
    const run = chosen([...scenarios, ...listScenarios(await listSamples(dataset.url))]).filter(
      (s) => !s.cold,
    );
    const session = await signIn(dataset.url, SIGNED_IN_USERS);
    const start = (build: Build) =>
      startEarmark({
        dataDir: path.join(logDir, build),
        databaseUrl: dataset.url,
        seedDemo: false,
        timeoutMs: 120_000,
        main: builds[build],
      });
    const servers: Record<Build, EarmarkServer> = { a: await start('a'), b: await start('b') };
    const rows: string[][] = [];
    const compared: { scenario: string; turns: Turn[]; summary: ReturnType<typeof summarise> }[] =
      [];
    try {
      const samples = { ...sampled, deep: await collectDeepPages(servers.a.baseUrl, sampled) };
      console.log(
        `\nA: ${path.relative(repoRoot, builds.a)}; B: ${path.relative(repoRoot, builds.b)}; ` +
          `read cache ${process.env.READ_CACHE_SECONDS === '0' ? 'off' : 'on'}; ` +
          `${ROUNDS} rounds of ${LOAD.durationS} s a build (after ${LOAD.warmupS} s), ` +
          `${LOAD.connections} connections unless a scenario says otherwise.`,
      );
      for (const scenario of run) {
        const paths = scenario.paths(samples);
        const cookies = scenario.signedIn ? session.cookies : [];
        const skipped = paths.length
          ? await bothAnswer(servers, paths[0]!, cookies[0])
          : (scenario.skipReason ?? 'no paths');
        if (skipped) {
          console.log(`${scenario.name}: skipped (${skipped})`);
          continue;
        }
        const turns = await compareScenario(scenario, servers, paths, cookies);
        const summary = summarise(turns);
        compared.push({ scenario: scenario.name, turns, summary });
        const { a, b, bOverA } = summary;
        rows.push([
          scenario.name,
          a.reqPerSec.map(fmt.int).join(' / '),
          b.reqPerSec.map(fmt.int).join(' / '),
          ratio(bOverA.reqPerSec),
          `${perRequest(a.median.serverMs)} / ${perRequest(a.median.postgresMs)}`,
          `${perRequest(b.median.serverMs)} / ${perRequest(b.median.postgresMs)}`,
          ratio(bOverA.serverMs),
          ratio(bOverA.postgresMs),
          a.failed + b.failed > 0 ? `${a.failed} / ${b.failed}` : '',
        ]);
      }
    } finally {
      await servers.a.stop();
      await servers.b.stop();
      await session.end();
    }
    console.log(
      `\n${table(
        [
          'scenario',
          'A req/s',
          'B req/s',
          'B/A',
          'A CPU ms/req',
          'B CPU ms/req',
          'B/A server',
          'B/A PostgreSQL',
          'failed A / B',
        ],
        rows,
      )}`,
    );
    console.log(
      '\n  req/s: each round, in order; CPU ms/req: the medians of the server / of all PostgreSQL\n' +
        "  processes; B/A: B's median over A's (B does better above 1 in req/s, below 1 in CPU).",
    );
    const file = writeResults('compare', at, {
      at,
      machine: machine(),
      builds: { a: path.relative(repoRoot, builds.a), b: path.relative(repoRoot, builds.b) },
      load: LOAD,
      rounds: ROUNDS,
      readCacheSeconds: process.env.READ_CACHE_SECONDS ?? null,
      scenarios: compared,
    });
    console.log(`\nWritten to ${file}`);
  } finally {
    await dataset.release();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** The turns of one scenario: each round, each build loaded once, in the round's order. */
async function compareScenario(
  scenario: Scenario,
  servers: Record<Build, EarmarkServer>,
  paths: string[],
  cookies: readonly string[],
): Promise<Turn[]> {
  const connections = scenario.connections ?? LOAD.connections;
  const turns: Turn[] = [];
  process.stdout.write(`${scenario.name} ...`);
  for (const [n, order] of turnsOf(ROUNDS).entries()) {
    for (const build of order) {
      const measured = await loadOnce(servers[build], paths, cookies, connections);
      turns.push({ build, round: n + 1, ...measured });
      process.stdout.write(` ${build.toUpperCase()} ${fmt.int(measured.result.reqPerSec)}`);
    }
  }
  console.log('');
  return turns;
}
