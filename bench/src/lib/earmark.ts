import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './ports';
import { startProcess } from './process';
import { repoRoot, serverMain, serverNodeOptions } from './paths';

export interface EarmarkServer {
  baseUrl: string;
  /** Spawn to first healthy answer: on a fresh data directory this includes migrating and seeding. */
  readyMs: number;
  logPath: string;
  /** The server's process id (its CPU time: lib/cpu.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface EarmarkOptions {
  /** Media (and, without a database URL, the PGlite database) live here. */
  dataDir: string;
  /** PostgreSQL; PGlite in dataDir when absent. */
  databaseUrl?: string;
  /** Redis shared by several instances (the socket adapter, rate limits, cache invalidation). */
  redisUrl?: string;
  seedDemo: boolean;
  timeoutMs?: number;
  /** More environment for the server (say, READ_CACHE_SECONDS). */
  env?: NodeJS.ProcessEnv;
  /** The build to run: its main.js (server/dist/main.js when absent). */
  main?: string;
}

/**
 * Runs the built server (server/dist/main.js, or `main`) on a free loopback port, with
 * the production defaults (including info-level request logs, written to a file).
 */
export async function startEarmark(opts: EarmarkOptions): Promise<EarmarkServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = path.join(opts.dataDir, 'server.log');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: opts.dataDir,
    SEED_DEMO: opts.seedDemo ? 'true' : 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // The load comes from one address: the per-address limit of the list calls would refuse it.
    LIST_RATE_LIMIT: process.env.LIST_RATE_LIMIT ?? '0',
    ...opts.env,
  };
  // The run must not reach whatever database or Redis the shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;

  // Node's own options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const started = await startProcess({
    args: [...serverNodeOptions, ...nodeArgs, opts.main ?? serverMain],
    env,
    cwd: repoRoot,
    logPath,
    healthUrl: `${baseUrl}/api/health`,
    timeoutMs: opts.timeoutMs ?? 10 * 60_000,
  });
  return { baseUrl, readyMs: started.readyMs, logPath, pid: started.child.pid, stop: started.stop };
}

/** The messages of the server's JSON log lines (pino), in order. */
export function logMessages(logPath: string): string[] {
  const out: string[] = [];
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      if (typeof parsed.msg === 'string') out.push(parsed.msg);
    } catch {
      // A partial last line while the server is still writing.
    }
  }
  return out;
}
