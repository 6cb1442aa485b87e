import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ADMIN } from './admin';
import { ENV } from './env';

/**
 * First start migrates the empty database and seeds the demo catalogue,
 * which takes 20-30 s on an idle two-core machine and several times that on
 * a busy one. Set EARMARK_E2E_START_TIMEOUT (seconds) to wait longer.
 */
const DEFAULT_START_TIMEOUT_S = 300;
const STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 250;
/** Data dirs of earlier runs kept for looking into after a failure. */
const KEEP_PREVIOUS_RUNS = 2;

export interface StartServerOptions {
  /** Repository root: the server runs from here, as with `npm start`. */
  repoRoot: string;
  /** Absolute path of the built entry point (server/dist/main.js). */
  entry: string;
  /** Fresh, absolute DATA_DIR for this run. */
  dataDir: string;
  /** The built web client to serve (WEB_DIST_DIR). */
  webDistDir: string;
  /** More settings for the server (the fake MusicBrainz it reads, say). */
  extraEnv?: Record<string, string>;
}

export interface StartedServer {
  baseURL: string;
  pid: number;
  logFile: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the OS for a port nobody listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/** A sortable, unique folder name for one test run. */
export function runName(now = new Date()): string {
  return `run-${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
}

/** Removes the data dirs of older runs, keeping the newest few. */
export function pruneOldRuns(root: string, keep = KEEP_PREVIOUS_RUNS): void {
  let runs: string[];
  try {
    runs = readdirSync(root).filter((name) => name.startsWith('run-'));
  } catch {
    return;
  }
  runs.sort();
  for (const name of runs.slice(0, Math.max(0, runs.length - keep))) {
    rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

export async function isHealthy(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(new URL('/api/health', baseURL), {
      signal: AbortSignal.timeout(5_000),
    });
    return res.status === 200;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/**
 * Environment of the server under test: the same defaults as `npm start`
 * (embedded PGlite under DATA_DIR, mail written to DATA_DIR/outbox), so the
 * browser tests exercise what a fresh checkout runs. Variables that would
 * point it at shared services (a CI PostgreSQL or Redis) are removed.
 */
function serverEnv(
  port: number,
  dataDir: string,
  webDistDir: string,
  extraEnv: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'TEST_DATABASE_URL', 'NODE_ENV']) {
    delete env[name];
  }
  return {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Fixtures simulate many clients with X-Forwarded-For (see simulatedClient).
    TRUST_PROXY: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ...extraEnv,
  };
}

/**
 * Copies the built web client into the run's folder, so that rebuilding
 * web/dist while the tests run (a build in another terminal) cannot take
 * pages away from the server under test.
 */
export function snapshotWebDist(webDist: string, dataDir: string): string {
  const copy = path.join(dataDir, 'web-dist');
  cpSync(webDist, copy, { recursive: true });
  return copy;
}

function startTimeoutMs(): number {
  const seconds = Number(process.env[ENV.startTimeout] ?? DEFAULT_START_TIMEOUT_S);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`${ENV.startTimeout} must be a number of seconds.`);
  }
  return seconds * 1000;
}

/** Starts the built server and resolves once GET /api/health answers 200. */
export async function startServer(options: StartServerOptions): Promise<StartedServer> {
  const { repoRoot, entry, dataDir, webDistDir, extraEnv } = options;
  const timeoutMs = startTimeoutMs();
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');

  // The child writes straight to the log file, so its output is kept even
  // when the runner is busy or dies.
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, webDistDir, extraEnv),
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  if (child.pid === undefined) throw new Error(`Could not start ${entry}`);
  const pid = child.pid;

  // Never leave a server behind, even when the runner exits without teardown.
  process.once('exit', () => child.kill('SIGKILL'));

  const state: { exited: string | null } = { exited: null };
  child.once('exit', (code, signal) => {
    state.exited = signal ? `signal ${signal}` : `code ${code}`;
  });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (state.exited !== null) {
      throw new Error(
        `The server exited with ${state.exited} before it was ready:\n${tail(logFile)}`,
      );
    }
    if (await isHealthy(baseURL)) return { baseURL, pid, logFile };
    await sleep(POLL_MS);
  }
  child.kill('SIGKILL');
  throw new Error(
    `GET ${baseURL}/api/health did not answer 200 within ${timeoutMs / 1000} s (${ENV.startTimeout} waits longer):\n${tail(logFile)}`,
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Asks the server to shut down gracefully, then forces it after a grace period. */
export async function stopServer(pid: number): Promise<void> {
  if (!isRunning(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return;
    await sleep(100);
  }
  process.kill(pid, 'SIGKILL');
  console.warn(`The server (pid ${pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s; killed.`);
}
