import { fmt, table } from '../lib/report';
import type { CpuPerRequest } from '../lib/cpu';
import type { LoadResult } from '../lib/load';
import type { Outcome } from './run-scenario';
import type { BareTaken } from './bare-route';

/** Below the bare route: 1/n of it; above (the bare route was measured under other load): n x. */
const ratioText = (ratio: number) =>
  ratio >= 1 ? `${ratio.toFixed(1)}x` : ratio > 0 ? `1/${(1 / ratio).toFixed(1)}` : '0';
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const cpuText = (cpu: CpuPerRequest | null | undefined) =>
  cpu ? `${cpu.serverMs.toFixed(2)} / ${cpu.postgresMs?.toFixed(2) ?? '-'}` : '-';

export const COLUMNS = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'failed',
  'bare req/s',
  'vs bare',
  'target',
  '1-conn p50',
  '1-conn p99',
  'cache hits',
  'CPU ms/req',
  'load',
];

/** What each column means: printed under the table and in bench/README.md. */
export const COLUMN_NOTES = [
  'req/s, p50 ms, p99 ms: under load (the run\u2019s connections), after a warm-up unless the scenario says none',
  'failed: answers outside 2xx, socket errors and timeouts under load (any makes the target MISS)',
  'bare req/s: a bare Fastify JSON route at the same connections, the median of its runs at the start, middle and end of this run; vs bare: req/s over it',
  'target: ok when req/s >= 1/6 of bare, p99 within the scenario\u2019s limit and nothing failed; MISS otherwise',
  '1-conn p50/p99: ms of requests sent one at a time on one connection, after the load run',
  'cache hits: read cache hits (fresh and stale) over its lookups during the timed run, "of" how many',
  '  lookups there were (fewer than requests when some routes, like profile pages, do not use it); - for none',
  'CPU ms/req: CPU time per request of the timed run, the server process / all PostgreSQL processes (Linux only)',
  "load: the machine's 1-minute load average as the load run ended",
];

function row(
  name: string,
  r: LoadResult,
  o?: Extract<Outcome, { status: 'measured' }>,
  cpu = o?.cpu,
) {
  const seq = o?.sequential;
  const hits = o?.cache?.lookups ? `${pct(o.cache.hitRate)} of ${fmt.int(o.cache.lookups)}` : '-';
  return [
    name,
    fmt.int(r.reqPerSec),
    fmt.ms(r.p50Ms),
    fmt.ms(r.p99Ms),
    String(r.non2xx + r.errors),
    o ? fmt.int(o.bare.reqPerSec) : '',
    o ? ratioText(o.ratio) : '1',
    o ? (o.meetsTarget ? 'ok' : 'MISS') : '',
    seq ? fmt.ms(seq.p50Ms) : '-',
    seq ? fmt.ms(seq.p99Ms) : '-',
    hits,
    cpuText(cpu),
    r.loadAverage.toFixed(1),
  ];
}

/** The console table: the bare route at the run's connections, then every scenario. */
export function outcomeTable(
  bare: LoadResult,
  outcomes: Outcome[],
  connections: number,
  bareCpu: CpuPerRequest | null = null,
): string {
  const rows = [row(`bare Fastify JSON route`, bare, undefined, bareCpu)];
  for (const o of outcomes) {
    if (o.status === 'measured') {
      const name = o.connections === connections ? o.name : `${o.name}, ${o.connections} conn.`;
      rows.push(row(name, o.result, o));
    } else {
      rows.push([o.name, '-', '-', '-', '-', '-', '-', o.status, '-', '-', '-', '-', '-']);
    }
  }
  return table(COLUMNS, rows, 1);
}

/** One line per scenario skipped or failed, with why. */
export function notMeasured(outcomes: Outcome[]): string[] {
  return outcomes.flatMap((o) =>
    o.status === 'measured' ? [] : [`${o.status}: ${o.name}: ${o.reason}`],
  );
}

/** The bare route's measurements at a count, and the one scenarios were compared with. */
export function bareLine(connections: number, taken: readonly BareTaken[], reference: LoadResult) {
  const each = taken.map((t) => `${fmt.int(t.measured.reqPerSec)} (${t.at})`).join(', ');
  return (
    `bare route at ${connections} connections: ${each} req/s; ` +
    `scenarios compared with ${fmt.int(reference.reqPerSec)}, the median`
  );
}
