import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContributorStatus, ReleaseType } from '@earmark/common';
import { datasetCounts, prepareDatasetFromEnv } from './large/dataset';
import { startEarmark } from './lib/earmark';
import {
  measure,
  settle,
  type LoadOptions,
  type LoadResult,
  type PlannedRequest,
  type Planner,
} from './lib/load';
import { requireBuiltServer } from './lib/paths';
import { createDatabase, databaseUrl, ensureReachable, withClient } from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import { signIn } from './lib/sessions';

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
/** Accounts that write, most active first: one in 10 editors, one in 3 trusted, the rest contributors. */
const WRITE_USERS = Number(process.env.BENCH_WRITE_USERS ?? 400);
/** Release pages read (and edited by editors, so their cached copies are dropped). */
const READ_RELEASES = 2_000;
/** Releases contributors edit, one open edit each: enough not to come back to one in a run. */
const CONTRIBUTOR_EDIT_RELEASES = 6_000;
/** Open edits made before the run for the trusted to vote on. */
const VOTED_EDITS = 200;
const ARTISTS = 4_000;
/** One write in this many is an editor's (so editors stay under the hourly limit per account too). */
const EDITOR_SHARE = 8;
/** The target: the release page's p99 while the writes run. */
const MAX_READ_P99_MS = 50;
/** Release pages are read signed out and signed in (the viewer's entry and cover rules). */
const READERS = ['signed out', 'signed in'] as const;
type Reader = (typeof READERS)[number];

interface ReleaseRow {
  id: string;
  title: string;
  title_latin: string | null;
  type: number;
  date: string | null;
  date_precision: string | null;
  artists: string[];
  labels: string[];
  languages: string[];
}

interface ArtistRow {
  id: string;
  name: string;
  name_latin: string | null;
}

interface Accounts {
  editors: string[];
  trusted: string[];
  contributors: string[];
}

interface Pools {
  /** Read, and edited by editors. */
  read: ReleaseRow[];
  /** Edited by contributors (open edits). */
  contributorEdits: ReleaseRow[];
  /** Edited once before the run, then voted on. */
  voted: ReleaseRow[];
  artists: ArtistRow[];
}

interface WriteStream {
  name: string;
  plan: Planner;
}

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

/** Gives the signed-in accounts their contributor status, straight in the database. */
async function assignStatuses(
  url: string,
  userIds: string[],
  cookies: string[],
): Promise<Accounts> {
  const accounts: Accounts = { editors: [], trusted: [], contributors: [] };
  const byStatus = new Map<number, string[]>();
  userIds.forEach((id, i) => {
    const status =
      i % 10 === 0
        ? ContributorStatus.EDITOR
        : i % 3 === 1
          ? ContributorStatus.TRUSTED_CONTRIBUTOR
          : ContributorStatus.CONTRIBUTOR;
    byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
    const list =
      status === ContributorStatus.EDITOR
        ? accounts.editors
        : status === ContributorStatus.TRUSTED_CONTRIBUTOR
          ? accounts.trusted
          : accounts.contributors;
    list.push(cookies[i]!);
  });
  await withClient(url, async (c) => {
    for (const [status, ids] of byStatus) {
      await c.query('update users set contributor_status = $1 where id = any($2)', [status, ids]);
    }
  });
  return accounts;
}

async function pools(url: string): Promise<Pools> {
  return withClient(url, async (c) => {
    const wanted = READ_RELEASES + CONTRIBUTOR_EDIT_RELEASES + VOTED_EDITS;
    const { rows: releases } = await c.query<ReleaseRow>(
      `select r.id, r.title, r.title_latin, r.type, r.date::text as date, r.date_precision,
         array(select artist_id from release_artists where release_id = r.id order by position) as artists,
         array(select label_id from release_labels where release_id = r.id) as labels,
         array(select language_id from release_languages where release_id = r.id) as languages
       from (select * from releases
             where pending_deletion = false and merged_into_id is null
             order by random() limit $1) r`,
      [wanted],
    );
    const credited = releases.filter((r) => r.artists.length > 0);
    // A small dataset has fewer releases than wanted: the pools shrink in proportion.
    const share = (n: number) => Math.max(1, Math.floor((n / wanted) * credited.length));
    const readEnd = share(READ_RELEASES);
    const votedEnd = readEnd + share(VOTED_EDITS);
    const { rows: artists } = await c.query<ArtistRow>(
      `select id, name, name_latin from artists
       where pending_deletion = false and merged_into_id is null order by random() limit $1`,
      [ARTISTS],
    );
    return {
      read: credited.slice(0, readEnd),
      voted: credited.slice(readEnd, votedEnd),
      contributorEdits: credited.slice(votedEnd),
      artists,
    };
  });
}

function releaseEdit(r: ReleaseRow, n: number, note: string) {
  return {
    title: `${r.title} (${n})`,
    ...(r.title_latin ? { titleLatin: r.title_latin } : {}),
    artistsIds: r.artists,
    type: r.type,
    date: r.date,
    datePrecision: r.date_precision,
    labelsIds: r.labels,
    languagesIds: r.languages,
    note,
  };
}

/** The write streams: each takes its accounts and targets in turn. */
function writeStreams(at: string, accounts: Accounts, p: Pools, votable: string[]): WriteStream[] {
  const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
  const write = (cookie: string, url: string, body: unknown, method: PlannedRequest['method']) => ({
    method,
    path: url,
    body,
    headers: { cookie },
  });
  // One write in EDITOR_SHARE is an editor's; each side takes its own accounts and targets in turn.
  const byEditor = (n: number) => n % EDITOR_SHARE === 0;
  const editorTurn = (n: number) => n / EDITOR_SHARE;
  const contributorTurn = (n: number) => n - Math.floor(n / EDITOR_SHARE) - 1;
  const author = (n: number) =>
    byEditor(n)
      ? pick(accounts.editors, editorTurn(n))
      : pick(accounts.contributors, contributorTurn(n));
  let releaseEdits = 0;
  let artistEdits = 0;
  let creates = 0;
  let votes = 0;
  const editorEnd = Math.max(1, Math.floor(p.artists.length / EDITOR_SHARE));
  const editorArtists = p.artists.slice(0, editorEnd);
  const contributorArtists = p.artists.slice(editorEnd);
  return [
    {
      // Editors' edits are applied at once, on pages being read; the others are open edits.
      name: 'POST submissions/releases/{id} (edit)',
      plan: () => {
        const n = releaseEdits++;
        const r = byEditor(n)
          ? pick(p.read, editorTurn(n))
          : pick(p.contributorEdits, contributorTurn(n));
        const body = releaseEdit(r, n, 'Corrected the title from the sleeve.');
        return write(author(n), `/api/submissions/releases/${r.id}`, body, 'POST');
      },
    },
    {
      name: 'POST submissions/artists/{id} (edit)',
      plan: () => {
        const n = artistEdits++;
        const a = byEditor(n)
          ? pick(editorArtists, editorTurn(n))
          : pick(contributorArtists, contributorTurn(n));
        const body = {
          name: a.name,
          ...(a.name_latin ? { nameLatin: a.name_latin } : {}),
          bio: `Formed in ${1950 + (n % 70)}; ${n} records and counting.`,
          note: 'Added a short biography.',
        };
        return write(author(n), `/api/submissions/artists/${a.id}`, body, 'POST');
      },
    },
    {
      name: 'POST submissions/releases, artists (create)',
      plan: () => {
        const n = creates++;
        if (Math.floor(n / EDITOR_SHARE) % 2 === 0) {
          const body = { name: `Bench Artist ${at} ${n}`, note: 'A new artist.' };
          return write(author(n), '/api/submissions/artists', body, 'POST');
        }
        const body = {
          title: `Bench Release ${at} ${n}`,
          artistsIds: [pick(p.artists, n).id],
          type: ReleaseType.LP,
          note: 'A new release.',
        };
        return write(author(n), '/api/submissions/releases', body, 'POST');
      },
    },
    {
      // Two trusted voters per open edit, up or down: never the three that decide, so it stays open.
      name: 'PATCH submissions/releases/vote/{id}',
      plan: () => {
        const n = votes++;
        const target = n % votable.length;
        const round = Math.floor(n / votable.length);
        const voter = pick(accounts.trusted, target * 2 + (round % 2));
        const vote = Math.floor(round / 2) % 2 === 0 ? 1 : -1;
        return write(voter, `/api/submissions/releases/vote/${votable[target]}`, { vote }, 'PATCH');
      },
    },
  ];
}

/** One request through fetch, as the load would send it: its status and body. */
async function send(baseUrl: string, r: PlannedRequest): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${r.path}`, {
    method: r.method ?? 'GET',
    headers: {
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
      origin: baseUrl,
      ...r.headers,
    },
    ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: await res.text() };
}

/** Open edits by contributors, made through the API before the run, for the votes. */
async function openEdits(baseUrl: string, accounts: Accounts, p: Pools): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of p.voted.entries()) {
    const cookie = accounts.contributors[i % accounts.contributors.length]!;
    const res = await send(baseUrl, {
      method: 'POST',
      path: `/api/submissions/releases/${r.id}`,
      body: releaseEdit(r, i, 'The year on the label is different.'),
      headers: { cookie },
    });
    if (res.status >= 200 && res.status < 300)
      ids.push((JSON.parse(res.body) as { id: string }).id);
  }
  return ids;
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
