import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { onCleanup } from './cleanup';

export interface Started {
  child: ChildProcess;
  /** Milliseconds from spawning the process to its first healthy answer. */
  readyMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where stdout and stderr go: a file, so a chatty logger never waits on this process. */
  logPath: string;
  /** Answers 200 once the process is ready to serve. */
  healthUrl: string;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answersOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Starts a Node process and waits until its health URL answers 200. */
export async function startProcess(opts: StartOptions): Promise<Started> {
  const out = fs.openSync(opts.logPath, 'a');
  const startedAt = performance.now();
  const child = spawn(process.execPath, opts.args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited: number | string | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      resolve();
    });
  });

  const stop = async () => {
    if (exited !== null) return;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exitPromise;
    clearTimeout(forced);
  };
  const forget = onCleanup(stop);

  while (!(await answersOk(opts.healthUrl))) {
    if (exited !== null) {
      forget();
      throw new Error(`The process exited (${exited}) before it was ready:\n${tail(opts.logPath)}`);
    }
    if (performance.now() - startedAt > opts.timeoutMs) {
      await stop();
      forget();
      throw new Error(`Not ready after ${opts.timeoutMs / 1000} s:\n${tail(opts.logPath)}`);
    }
    await sleep(100);
  }
  const readyMs = performance.now() - startedAt;
  return {
    child,
    readyMs,
    stop: async () => {
      await stop();
      forget();
    },
  };
}
