import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Socket } from 'socket.io-client';
import { startEarmark, type EarmarkServer } from './lib/earmark';
import { requireBuiltServer } from './lib/paths';
import {
  adminUrl,
  createDatabase,
  databaseUrl,
  reachable,
  redact,
  withClient,
} from './lib/postgres';
import { fmt, machine, stamp, table, writeResults } from './lib/report';
import {
  connectSocket,
  findDriver,
  insertUsers,
  percentile,
  redisAnswers,
  sleep,
  type BenchUser,
  type Driver,
  type Instance,
} from './live/clients';

/**
 * The live connection under load: signed-in bench users keep a socket open
 * each while notifications are caused at a steady rate through the public
 * calls (a comment on the user's profile, or else a follow), and the time
 * from the call's answer to the `new-notification` event on the user's
 * socket is measured, beside GET notifications under the same load. Runs on
 * PGlite (one instance) and on PostgreSQL with Redis (two instances, the
 * sockets and the calls spread over both, so half the deliveries cross).
 */

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
/** Concurrent readers of GET notifications while the notifications flow. */
const READERS = 4;
/** A notification not seen on its socket this long after its call answered counts as lost. */
const LOST_AFTER_MS = 3_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Message {
  /** `{actor}>{receiver}`: the notification names its actor, and no pair repeats. */
  key: string;
  receiver: number;
  crosses: boolean;
  measured: boolean;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  eventAt?: number;
}

interface RunResult {
  setup: string;
  instances: number;
  sockets: number;
  connectP50Ms: number;
  connectP99Ms: number;
  driver: string | null;
  note?: string;
  rate?: number;
  sent?: number;
  failedCalls?: number;
  lost?: number;
  callP99Ms?: number;
  deliveryP50Ms?: number;
  deliveryP99Ms?: number;
  crossDeliveryP99Ms?: number;
  /** From sending the call to the event: what the person who acts and the one told see. */
  sinceSentP50Ms?: number;
  sinceSentP99Ms?: number;
  /** Events that reached the socket before the call's answer reached the client. */
  beforeAnswer?: number;
  notificationsGet?: { status: number; requests?: number; p50Ms?: number; p99Ms?: number };
  loadAverage: number;
}

/** GET notifications as random users while `until` is in the future. */
async function readNotifications(
  instances: Instance[],
  users: BenchUser[],
  until: () => boolean,
): Promise<number[]> {
  const times: number[] = [];
  const reader = async (r: number) => {
    for (let i = r; until(); i += READERS) {
      const instance = instances[i % instances.length]!;
      const user = users[(i * 7919) % users.length]!;
      const started = performance.now();
      const res = await fetch(`${instance.server.baseUrl}/api/notifications?page=1`, {
        headers: { cookie: user.cookie },
      });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: READERS }, (_, r) => reader(r)));
  return times;
}

async function measureDelivery(
  instances: Instance[],
  users: BenchUser[],
  sockets: Socket[],
  driver: Driver,
): Promise<Omit<RunResult, 'setup' | 'instances' | 'sockets' | 'connectP50Ms' | 'connectP99Ms'>> {
  const n = users.length;
  const messages: Message[] = [];
  const waiting = new Map<string, Message>();
  sockets.forEach((socket, receiver) => {
    socket.on('new-notification', (notification: { user?: { id?: string } | null }) => {
      const key = `${notification.user?.id}>${users[receiver]!.id}`;
      const message = waiting.get(key);
      if (!message) return;
      message.eventAt = performance.now();
      waiting.delete(key);
    });
  });

  const probe = await fetch(`${instances[0]!.server.baseUrl}/api/notifications?page=1`, {
    headers: { cookie: users[0]!.cookie },
  });
  await probe.arrayBuffer();

  const startedAt = performance.now();
  const measureFrom = startedAt + WARMUP_S * 1000;
  const endAt = measureFrom + DURATION_S * 1000;
  const reads = probe.ok
    ? readNotifications(instances, users, () => performance.now() < endAt)
    : Promise.resolve([]);
  const calls: Promise<void>[] = [];
  // Pairs start past the probes' users; each round shifts the actor, so no
  // pair repeats (a repeated follow would notify nobody).
  for (let m = 0; ; m++) {
    const due = startedAt + (m * 1000) / RATE;
    if (due >= endAt) break;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const receiver = (m + 4) % n;
    const actor = (receiver + 1 + Math.floor((m + 4) / n)) % n;
    // Receivers alternate between the instances (see benchSetup); this
    // alternates in pairs, so half the notifications cross to the other one.
    const via = Math.floor(m / 2) % instances.length;
    const message: Message = {
      key: `${users[actor]!.id}>${users[receiver]!.id}`,
      receiver,
      crosses: instances.length > 1 && via !== receiver % instances.length,
      measured: performance.now() >= measureFrom,
      sentAt: performance.now(),
    };
    messages.push(message);
    waiting.set(message.key, message);
    calls.push(
      driver.send(instances[via]!, users[actor]!, users[receiver]!).then(
        async (res) => {
          await res.arrayBuffer();
          message.answeredAt = performance.now();
          message.status = res.status;
        },
        () => {
          message.answeredAt = performance.now();
          message.status = 0;
        },
      ),
    );
  }
  await Promise.all(calls);
  const readTimes = (await reads).sort((a, b) => a - b);
  const lastAnswer = Math.max(...messages.map((m) => m.answeredAt ?? 0));
  while (performance.now() < lastAnswer + LOST_AFTER_MS) {
    if (messages.every((m) => m.eventAt !== undefined || (m.status ?? 0) >= 300)) break;
    await sleep(50);
  }

  const measured = messages.filter((m) => m.measured);
  const answered = measured.filter((m) => m.status && m.status < 300);
  const delivered = answered.filter((m) => m.eventAt !== undefined);
  const delivery = (list: Message[]) =>
    list.map((m) => Math.max(0, m.eventAt! - m.answeredAt!)).sort((a, b) => a - b);
  const all = delivery(delivered);
  const sinceSent = delivered.map((m) => m.eventAt! - m.sentAt).sort((a, b) => a - b);
  const cross = delivery(delivered.filter((m) => m.crosses));
  const callTimes = answered.map((m) => m.answeredAt! - m.sentAt).sort((a, b) => a - b);
  return {
    driver: driver.name,
    rate: RATE,
    sent: measured.length,
    failedCalls: measured.length - answered.length,
    lost: answered.length - delivered.length,
    callP99Ms: percentile(callTimes, 99),
    deliveryP50Ms: percentile(all, 50),
    deliveryP99Ms: percentile(all, 99),
    ...(instances.length > 1 ? { crossDeliveryP99Ms: percentile(cross, 99) } : {}),
    sinceSentP50Ms: percentile(sinceSent, 50),
    sinceSentP99Ms: percentile(sinceSent, 99),
    beforeAnswer: delivered.filter((m) => m.eventAt! < m.answeredAt!).length,
    notificationsGet: probe.ok
      ? {
          status: probe.status,
          requests: readTimes.length,
          p50Ms: percentile(readTimes, 50),
          p99Ms: percentile(readTimes, 99),
        }
      : { status: probe.status },
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

async function benchSetup(setup: string, instances: Instance[], users: BenchUser[]) {
  console.log(`[${setup}] connecting ${users.length} sockets...`);
  const connectTimes: number[] = [];
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < users.length; i += 50) {
      const batch = users.slice(i, i + 50).map(async (user, j) => {
        const started = performance.now();
        const socket = await connectSocket(instances[(i + j) % instances.length]!, user);
        connectTimes.push(performance.now() - started);
        return socket;
      });
      sockets.push(...(await Promise.all(batch)));
    }
    connectTimes.sort((a, b) => a - b);
    const base = {
      setup,
      instances: instances.length,
      sockets: sockets.length,
      connectP50Ms: percentile(connectTimes, 50),
      connectP99Ms: percentile(connectTimes, 99),
    };
    const { driver, tried } = await findDriver(instances, users, sockets);
    console.log(`[${setup}] calls tried: ${tried.join('; ')}`);
    if (!driver) {
      return {
        ...base,
        driver: null,
        note: 'no call of this build stores and pushes a notification: delivery not measured',
        loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
      };
    }
    console.log(`[${setup}] ${RATE} notifications/s for ${DURATION_S} s (after ${WARMUP_S} s)...`);
    return { ...base, ...(await measureDelivery(instances, users, sockets, driver)) };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

async function benchPglite(): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-live-'));
  try {
    // Migrated by a first start; the users are written while no server holds the database.
    const first = await startEarmark({ dataDir, seedDemo: false });
    await first.stop();
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'db'),
      extensions: { pg_trgm, unaccent },
    });
    const users = await insertUsers((sql, params) => db.query(sql, params), SOCKETS);
    await db.close();
    const server = await startEarmark({ dataDir, seedDemo: false });
    try {
      return await benchSetup('pglite', [{ server, origin: server.baseUrl }], users);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(at: string): Promise<RunResult | null> {
  if (!(await reachable())) {
    console.log(`\n[postgres] skipped: ${redact(adminUrl)} is not reachable`);
    return null;
  }
  if (!(await redisAnswers(redisUrl))) {
    console.log(`\n[postgres] skipped: no Redis at ${redisUrl} (set BENCH_REDIS_URL)`);
    return null;
  }
  const name = `earmark_bench_live_${at}`;
  const drop = await createDatabase(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-bench-live-pg-'));
  const servers: EarmarkServer[] = [];
  try {
    const url = databaseUrl(name);
    // One after the other, so the second finds the database migrated.
    for (const i of [0, 1]) {
      servers.push(
        await startEarmark({
          dataDir: path.join(dataDir, String(i)),
          databaseUrl: url,
          redisUrl,
          seedDemo: false,
        }),
      );
    }
    const users = await withClient(url, (c) =>
      insertUsers((sql, params) => c.query(sql, params), SOCKETS),
    );
    const instances = servers.map((server) => ({ server, origin: server.baseUrl }));
    return await benchSetup('postgres + redis, 2 instances', instances, users);
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : fmt.ms(n));

export async function runLive(): Promise<void> {
  requireBuiltServer();
  const at = stamp();
  console.log(
    `Live connection benchmark: ${SOCKETS} signed-in sockets, ${RATE} notifications/s for ` +
      `${DURATION_S} s (after a ${WARMUP_S} s warm-up), loopback only.`,
  );
  const runs: RunResult[] = [await benchPglite()];
  const pgRun = await benchPostgres(at);
  if (pgRun) runs.push(pgRun);

  console.log('');
  console.log(
    table(
      [
        'setup',
        'connect p99',
        'sent',
        'lost',
        'call p99',
        'delivery p50',
        'delivery p99',
        'cross p99',
        'sent→event p99',
        'GET notif. p99',
        'load',
      ],
      runs.map((r) => [
        r.setup,
        ms(r.connectP99Ms),
        String(r.sent ?? '-'),
        String(r.lost ?? '-'),
        ms(r.callP99Ms),
        ms(r.deliveryP50Ms),
        ms(r.deliveryP99Ms),
        ms(r.crossDeliveryP99Ms),
        ms(r.sinceSentP99Ms),
        r.notificationsGet?.p99Ms !== undefined
          ? ms(r.notificationsGet.p99Ms)
          : `absent (${r.notificationsGet?.status ?? '-'})`,
        r.loadAverage.toFixed(1),
      ]),
    ),
  );
  console.log(
    '(milliseconds; delivery: from the answer of the call to the event on the socket, 0 when ' +
      'the event came first; cross: delivered through the other instance)',
  );
  for (const r of runs) {
    console.log(`${r.setup}: ${r.driver ?? r.note}`);
  }
  const file = writeResults('live', at, {
    at,
    machine: machine(),
    load: { sockets: SOCKETS, rate: RATE, durationS: DURATION_S, warmupS: WARMUP_S },
    runs,
  });
  console.log(`\nWritten to ${file}`);
}
