import fs from 'node:fs';

/**
 * CPU time of processes on this machine, read from Linux's /proc: what a
 * load run cost the server and PostgreSQL per request, steadier from one
 * run to the next than requests per second on a shared machine of two
 * cores (where the load generator, the server and PostgreSQL take turns).
 */

/** Linux counts process times in ticks of 1/100 s (USER_HZ) on every platform it runs on. */
const TICK_MS = 10;

/** User and system time of a process in ms, or null when it is gone or unreadable. */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Every process whose command is `name` (PostgreSQL's are all `postgres`). */
function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) out.push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return out;
}

/** CPU ms by process, of the server and of every PostgreSQL process. */
interface CpuSnapshot {
  server: number | null;
  postgres: Map<number, number>;
}

export interface CpuPerRequest {
  /** ms of the server process' CPU time (all its threads) per request. */
  serverMs: number;
  /** ms of all local PostgreSQL processes' CPU time per request (null: not on this machine). */
  postgresMs: number | null;
}

/** Measures what happens between `start` and `stop`; null where /proc is not there. */
export function cpuMeter(serverPid: number | undefined) {
  if (serverPid === undefined || !fs.existsSync('/proc/self/stat')) return null;
  const snapshot = (): CpuSnapshot => {
    const postgres = new Map<number, number>();
    for (const pid of pidsNamed('postgres')) {
      const ms = cpuMsOf(pid);
      if (ms !== null) postgres.set(pid, ms);
    }
    return { server: cpuMsOf(serverPid), postgres };
  };
  let before: CpuSnapshot | null = null;
  return {
    start() {
      before = snapshot();
    },
    /** Per request of the `requests` served since start. */
    stop(requests: number): CpuPerRequest | null {
      const after = snapshot();
      if (!before || before.server === null || after.server === null || requests <= 0) return null;
      let postgres = 0;
      // A backend that started during the run counts from zero; one that ended is lost.
      for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
      return {
        serverMs: (after.server - before.server) / requests,
        postgresMs: after.postgres.size > 0 ? postgres / requests : null,
      };
    },
  };
}
