import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { datasetCounts, prepareDatasetFromEnv } from './large/dataset';
import { startEarmark } from './lib/earmark';
import { measure, settle, type LoadOptions, type LoadResult, type Planner } from './lib/load';
import { requireBuiltServer } from './lib/paths';
import { createDatabase, databaseUrl, ensureReachable, withClient } from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import { signIn } from './lib/sessions';
import {
  WRITE_USERS,
  assignStatuses,
  openEdits,
  pools,
  send,
  writeStreams,
} from './contributions/writes';

/**
 * Contributions under load, on the large dataset in PostgreSQL: signed-in
 * contributors, trusted contributors and editors submit release and artist
 * edits and creates and vote on open edits, while release pages are read.
 * Reported: each write stream's throughput, p99 and answers by status, and
 * the release page's p99 while the writes run beside its p99 without them.
 */

const READS: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION ?? 20),
  warmupS: 3,
};
/** Connections of each write stream. */
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 2);
/** The target: the release page's p99 while the writes run. */
const MAX_READ_P99_MS = 50;
/** Release pages are read signed out and signed in (the viewer's entry and cover rules). */
const READERS = ['signed out', 'signed in'] as const;
type Reader = (typeof READERS)[number];

/** A copy of a kept dataset, so the writes do not change what later runs reuse. */
async function scratchCopy(
  name: string,
  at: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const copy = `earmark_bench_contrib_${at}`;
  process.stdout.write(`Copying the kept dataset to ${copy} ... `);
  const started = performance.now();
  const drop = await createDatabase(copy, false, name);
  console.log(`${fmt.s(performance.now() - started)} s`);
  return { url: databaseUrl(copy), name: copy, drop };
}

const statusText = (r: LoadResult) =>
  Object.entries(r.statusCounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code}: ${fmt.int(count)}`)
    .join(', ') + (r.errors > 0 ? `, errors: ${fmt.int(r.errors)}` : '');

export async function runContributions(): Promise<void> {
  requireBuiltServer();
  if (!(await ensureReachable())) return;
  const at = stamp();
  const { dataset, scale } = await prepareDatasetFromEnv(at);
  // A kept dataset is copied: the run's writes stay out of what the next run reuses.
  const scratch = dataset.kept ? await scratchCopy(dataset.name, at) : null;
  const url = scratch?.url ?? dataset.url;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-contributions-'));
  try {
    const counts = await datasetCounts(url);
    console.log('Dataset:', counts);
    const session = await signIn(url, WRITE_USERS);
    const accounts = await assignStatuses(url, session.userIds, session.cookies);
    const p = await pools(url);
    const server = await startEarmark({
      dataDir: logDir,
      databaseUrl: url,
      seedDemo: false,
      timeoutMs: 120_000,
      // The trusted promotion would demote the trusted accounts set above (they have applied nothing).
      env: { DAILY_JOBS: 'false' },
    });
    const health = `${server.baseUrl}/api/health`;
    const withOrigin =
      (plan: Planner): Planner =>
      (n) => {
        const r = plan(n);
        return { ...r, headers: { ...r.headers, origin: server.baseUrl } };
      };
    try {
      console.log(
        `Accounts: ${accounts.editors.length} editors, ${accounts.trusted.length} trusted, ` +
          `${accounts.contributors.length} contributors; ${p.read.length} release pages read.`,
      );
      const created = await send(server.baseUrl, {
        method: 'POST',
        path: '/api/submissions/artists',
        body: { name: `Bench Artist ${at} probe`, note: 'A new artist.' },
        headers: { cookie: accounts.contributors[0]! },
      });
      if (created.status === 404) {
        console.log('Skipped: this build has no submission calls yet.');
        return;
      }
      if (created.status < 200 || created.status > 299) {
        throw new Error(`A create answered ${created.status}: ${created.body.slice(0, 300)}`);
      }
      const votable = await openEdits(server.baseUrl, accounts, p);
      if (votable.length === 0) throw new Error('No open edit could be made to vote on');
      const streams = writeStreams(at, accounts, p, votable).map((s) => ({
        ...s,
        plan: withOrigin(s.plan),
      }));
      const readPaths = p.read.map((r) => `/api/releases/${r.id}`);

      console.log(
        `\nReads: ${READS.connections} connections; writes: ${streams.length} streams of ` +
          `${WRITE_CONNECTIONS} connections; ${READS.durationS} s each (after a ` +
          `${READS.warmupS} s warm-up), loopback only.`,
      );
      // Readers signed in as the bench accounts, so the per-viewer parts of the page are real.
      const readers = session.cookies;
      const alone: Record<Reader, LoadResult> = {} as Record<Reader, LoadResult>;
      for (const reader of READERS) {
        process.stdout.write(`GET releases/{id} ${reader} without writes ... `);
        const cookies = reader === 'signed in' ? readers : [];
        alone[reader] = await measure(server.baseUrl, readPaths, READS, health, cookies);
        console.log(
          `${fmt.int(alone[reader].reqPerSec)} req/s, p99 ${fmt.ms(alone[reader].p99Ms)} ms`,
        );
      }

      process.stdout.write('warming up the writes ... ');
      const writeLoad = { connections: WRITE_CONNECTIONS, durationS: READS.warmupS, warmupS: 0 };
      await Promise.all(streams.map((s) => measure(server.baseUrl, s.plan, writeLoad)));
      await settle(health);
      console.log('done');

      const during: Record<Reader, LoadResult> = {} as Record<Reader, LoadResult>;
      let written: LoadResult[] = [];
      for (const reader of READERS) {
        process.stdout.write(`GET releases/{id} ${reader} while writing ... `);
        const cookies = reader === 'signed in' ? readers : [];
        const [read, ...writes] = await Promise.all([
          measure(server.baseUrl, readPaths, { ...READS, warmupS: 0 }, undefined, cookies),
          ...streams.map((s) =>
            measure(server.baseUrl, s.plan, { ...writeLoad, durationS: READS.durationS }),
          ),
        ]);
        during[reader] = read!;
        // The writes' figures are those beside the signed-out reads.
        if (written.length === 0) written = writes;
        console.log(`${fmt.int(read!.reqPerSec)} req/s, p99 ${fmt.ms(read!.p99Ms)} ms`);
        await settle(health);
      }

      const submissions = await withClient(url, async (c) => {
        const { rows } = await c.query<{ kind: string; status: number; n: string }>(
          `select kind, status, count(*) as n from submissions group by kind, status order by 1, 2`,
        );
        return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) }));
      });
      const totalWrites = written.reduce((sum, r) => sum + r.reqPerSec, 0);
      const meetsFor = (r: LoadResult) => r.p99Ms <= MAX_READ_P99_MS && r.non2xx + r.errors === 0;
      const meets = READERS.every((reader) => meetsFor(during[reader]));
      const row = (name: string, r: LoadResult, target = '') => [
        name,
        fmt.int(r.reqPerSec),
        fmt.ms(r.p50Ms),
        fmt.ms(r.p99Ms),
        statusText(r),
        r.loadAverage.toFixed(1),
        target,
      ];
      console.log(
        `\nTarget: the release page's p99 <= ${MAX_READ_P99_MS} ms while the writes run, ` +
          `no failed reads. Writes: ${fmt.int(totalWrites)} req/s in all.\n`,
      );
      console.log(
        table(
          ['stream', 'req/s', 'p50 ms', 'p99 ms', 'answers', 'load', 'target'],
          [
            ...READERS.flatMap((reader) => [
              row(`GET releases/{id} ${reader}, no writes`, alone[reader]),
              row(
                `GET releases/{id} ${reader}, while writing`,
                during[reader],
                meetsFor(during[reader]) ? 'ok' : 'MISS',
              ),
            ]),
            ...streams.map((s, i) => row(s.name, written[i]!)),
          ],
          1,
        ),
      );
      console.log('\nSubmissions in the database after the run (kind, status, count):');
      for (const s of submissions) console.log(`  ${s.kind} ${s.status}: ${fmt.int(s.count)}`);
      const file = writeResults('contributions', at, {
        at,
        machine: machine(),
        reads: READS,
        writeConnections: WRITE_CONNECTIONS,
        accounts: {
          editors: accounts.editors.length,
          trusted: accounts.trusted.length,
          contributors: accounts.contributors.length,
        },
        target: { maxReadP99Ms: MAX_READ_P99_MS, met: meets },
        dataset: { database: dataset.name, copy: scratch?.name, scale, counts },
        readCacheSeconds: process.env.READ_CACHE_SECONDS ?? 'default',
        readsAlone: alone,
        readsWhileWriting: during,
        writes: streams.map((s, i) => ({ name: s.name, result: written[i] })),
        writesPerSec: totalWrites,
        submissions,
      });
      console.log("(load: the machine's 1-minute load average as each stream ended)");
      console.log(`\nWritten to ${file}`);
    } finally {
      await server.stop();
      await session.end();
    }
  } finally {
    await scratch?.drop();
    await dataset.release();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}
