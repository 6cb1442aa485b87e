import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeCursor, ReleaseType } from '@earmark/common';
import { datasetCounts, prepareDataset } from './large/dataset';
import { startEarmark } from './lib/earmark';
import { requireBuiltServer } from './lib/paths';
import { ensureReachable, withClient } from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import { signIn } from './lib/sessions';

/**
 * Paging depth on the large dataset: the first page, the deepest page number
 * allowed and a cursor page near the end of a list, one request at a time,
 * with the read cache on and off, signed out and signed in. Every request
 * is timed on its own (no load): what is compared is the cost of one page
 * at each depth.
 */

const REQUESTS = Number(process.env.BENCH_PAGING_REQUESTS ?? 10);
const PAGE_SIZE = 100;
/** How far from the end the deep cursor starts. */
const FROM_END = 150;
const TOP_TYPES = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
];
const TIME_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

interface Case {
  name: string;
  path: string;
}

interface Timing {
  server: string;
  viewer: string;
  name: string;
  status: number;
  items: number;
  firstMs: number;
  medianMs: number;
  maxMs: number;
}

/** Cursors near the end of the three lists measured, made from the rows the server would give. */
async function deepCursors(url: string): Promise<Record<string, string>> {
  return withClient(url, async (c) => {
    const one = async (text: string) => {
      const { rows } = await c.query<Record<string, string>>(text);
      if (!rows[0]) throw new Error(`No row for a deep cursor: ${text}`);
      return rows[0];
    };
    const visibleRelease = `r.pending_deletion = false and r.merged_into_id is null`;
    // Entries by rating, lowest first: the 151st entry from the end, and how many come before it.
    const rated = await one(`select e.rating::text as k0, e.id as k1,
        (select count(*) from entries e2 join users u2 on u2.id = e2.user_id
          join releases r on r.id = e2.release_id
          where e2.rating is not null and u2.account_status not in (80, 100) and ${visibleRelease}) as total
      from entries e join users u on u.id = e.user_id join releases r on r.id = e.release_id
      where e.rating is not null and u.account_status not in (80, 100) and ${visibleRelease}
      order by e.rating desc, e.id desc offset ${FROM_END} limit 1`);
    const released = `r.date <= current_date and ${visibleRelease}`;
    const newest = await one(`select to_char(r.date, 'YYYY-MM-DD') as k0,
        to_char(r.created_at at time zone 'UTC', ${TIME_TEXT}) as k1, r.id as k2,
        (select count(*) from releases r where ${released}) as total
      from releases r where ${released}
      order by r.date asc, r.created_at asc, r.id asc offset ${FROM_END} limit 1`);
    const eligible = `r.type in (${TOP_TYPES.join(', ')}) and r.ratings_count >= 15 and ${visibleRelease}`;
    const top = await one(`with c as (select coalesce(sum(ratings_sum)::float8
          / nullif(sum(ratings_count), 0), 0) as mean from releases r where ${visibleRelease}),
        ranked as (select r.id, (r.ratings_sum + 15 * c.mean) / (r.ratings_count + 15) as score,
          r.ratings_count from releases r, c where ${eligible})
      select score::text as k0, ratings_count::text as k1, id as k2,
        (select count(*) from ranked) as total
      from ranked order by score asc, ratings_count asc, id desc offset ${FROM_END} limit 1`);
    const cursor = (list: string, row: Record<string, string>, keys: string[]) => {
      const total = Number(row.total);
      return encodeCursor({
        s: list,
        k: keys.map((k) => row[k]!),
        n: total - FROM_END - 1,
        t: total,
      });
    };
    return {
      entries: cursor('RatingLowToHigh', rated, ['k0', 'k1']),
      releases: cursor('new', newest, ['k0', 'k1', 'k2']),
      top: cursor('top', top, ['k0', 'k1', 'k2']),
    };
  });
}

function cases(cursors: Record<string, string>): Case[] {
  const lists = [
    {
      list: 'GET entries?sortBy=RatingLowToHigh',
      base: '/api/entries?sortBy=RatingLowToHigh',
      cursor: cursors.entries!,
    },
    { list: 'GET releases?type=new', base: '/api/releases?type=new', cursor: cursors.releases! },
    { list: 'GET releases?type=top', base: '/api/releases?type=top', cursor: cursors.top! },
  ];
  return lists.flatMap(({ list, base, cursor }) => [
    { name: `${list} page 1`, path: `${base}&pageSize=${PAGE_SIZE}` },
    { name: `${list} page 100 (deepest)`, path: `${base}&pageSize=${PAGE_SIZE}&page=100` },
    {
      name: `${list} cursor ${FROM_END} from the end`,
      path: `${base}&pageSize=${PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`,
    },
    { name: `${list} page 10000 (refused)`, path: `${base}&pageSize=${PAGE_SIZE}&page=10000` },
  ]);
}

async function time(
  baseUrl: string,
  c: Case,
  headers: Record<string, string>,
): Promise<Omit<Timing, 'server' | 'viewer'>> {
  const ms: number[] = [];
  let status = 0;
  let items = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${c.path}`, { headers });
    const body = (await res.json()) as { currentItems?: number };
    ms.push(performance.now() - started);
    status = res.status;
    items = body.currentItems ?? 0;
  }
  const rest = ms.slice(1).sort((a, b) => a - b);
  return {
    name: c.name,
    status,
    items,
    firstMs: ms[0]!,
    medianMs: rest[Math.floor(rest.length / 2)] ?? ms[0]!,
    maxMs: Math.max(...ms),
  };
}

export async function runPaging(): Promise<void> {
  requireBuiltServer();
  if (!(await ensureReachable())) return;
  const at = stamp();
  const keep = process.env.BENCH_KEEP_DB === '1';
  const dataset = await prepareDataset({ at, scale: Number(process.env.BENCH_SCALE ?? 1), keep });
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-paging-'));
  const timings: Timing[] = [];
  try {
    const counts = await datasetCounts(dataset.url);
    console.log('Dataset:', counts);
    const session = await signIn(dataset.url);
    try {
      for (const [server, env] of [
        ['read cache on', {}],
        ['read cache off', { READ_CACHE_SECONDS: '0' }],
      ] as const) {
        // Started after its migrations, so the deep cursors read the same keys it will.
        const earmark = await startEarmark({
          dataDir: path.join(logDir, server.replace(/ /g, '-')),
          databaseUrl: dataset.url,
          seedDemo: false,
          timeoutMs: 300_000,
          env,
        });
        try {
          const all = cases(await deepCursors(dataset.url));
          for (const [viewer, headers] of [
            ['signed out', {}],
            ['signed in', { cookie: session.cookies[0]! }],
          ] as const) {
            for (const c of all) {
              const t = await time(earmark.baseUrl, c, headers);
              timings.push({ server, viewer, ...t });
              console.log(
                `${server}, ${viewer}: ${c.name}: ${t.status}, median ${fmt.ms(t.medianMs)} ms`,
              );
            }
          }
        } finally {
          await earmark.stop();
        }
      }
    } finally {
      await session.end();
    }
    console.log(
      `\n${REQUESTS} requests per row, one at a time, pageSize ${PAGE_SIZE}; ` +
        'first = the first request (a read cache miss), median of the others, max of all.\n',
    );
    console.log(
      table(
        ['server', 'viewer', 'request', 'status', 'items', 'first ms', 'median ms', 'max ms'],
        timings.map((t) => [
          t.server,
          t.viewer,
          t.name,
          String(t.status),
          String(t.items),
          fmt.ms(t.firstMs),
          fmt.ms(t.medianMs),
          fmt.ms(t.maxMs),
        ]),
        3,
      ),
    );
    const file = writeResults('paging', at, {
      at,
      machine: machine(),
      requests: REQUESTS,
      pageSize: PAGE_SIZE,
      dataset: { database: dataset.name, reused: dataset.reused, counts },
      timings,
    });
    console.log(`\nWritten to ${file}`);
  } finally {
    await dataset.release();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}
