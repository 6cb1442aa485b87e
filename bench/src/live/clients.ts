import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { AccountStatus, CommentTargetKind, ContributorStatus } from '@earmark/common';
import type { EarmarkServer } from '../lib/earmark';

/** The live benchmark's clients: bench users, their calls and their sockets. */

export interface BenchUser {
  id: string;
  cookie: string;
}

export interface Instance {
  server: EarmarkServer;
  /** The instance's own origin, which its changes must come from. */
  origin: string;
}

/** One way to cause a notification for `receiver` through the public API. */
export interface Driver {
  name: string;
  send(instance: Instance, actor: BenchUser, receiver: BenchUser): Promise<Response>;
}

const drivers: Driver[] = [
  {
    name: 'POST /api/comments (on the profile of the notified user)',
    send: (instance, actor, receiver) =>
      post(instance, actor, '/api/comments', {
        body: 'Lovely shelf of records',
        entityType: CommentTargetKind.SHOUTBOX,
        entityId: receiver.id,
      }),
  },
  {
    name: 'POST /api/users/{id}/following',
    send: (instance, actor, receiver) =>
      post(instance, actor, `/api/users/${receiver.id}/following`),
  },
];

export function post(
  instance: Instance,
  who: BenchUser,
  url: string,
  body?: object,
): Promise<Response> {
  return fetch(`${instance.server.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      origin: instance.origin,
      cookie: who.cookie,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** Users with a session each, written to the database in two statements. */
export async function insertUsers(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  n: number,
): Promise<BenchUser[]> {
  const run = randomBytes(3).toString('hex');
  const ids = Array.from({ length: n }, (_, i) => `bench${run}${i}`);
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await query(
    `insert into users (id, email, username, password_hash, account_status, contributor_status)
     select id, id || '@bench.earmark.local', id, '!no-login', $2::int, $3::int
     from unnest($1::text[]) as u(id)`,
    [ids, AccountStatus.CONFIRMED, ContributorStatus.CONTRIBUTOR],
  );
  await query(
    `insert into sessions (id, user_id, expires_at)
     select s.id, s.user_id, now() + interval '1 day'
     from unnest($1::text[], $2::text[]) as s(id, user_id)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
  );
  return ids.map((id, i) => ({ id, cookie: `earmark_session=${tokens[i]}` }));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function connectSocket(instance: Instance, user: BenchUser): Promise<Socket> {
  const socket = io(instance.server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: user.cookie },
    reconnection: false,
    timeout: 20_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Whether something answers PING at the Redis URL. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const conn = net.createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      conn.destroy();
      resolve(ok);
    };
    conn.setTimeout(2_000, () => done(false));
    conn.on('error', () => done(false));
    conn.on('connect', () => conn.write('PING\r\n'));
    conn.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** Which driver pushes a notification in this build: one call, and its event within 2 s. */
export async function findDriver(
  instances: Instance[],
  users: BenchUser[],
  sockets: Socket[],
): Promise<{ driver: Driver | null; tried: string[] }> {
  const tried: string[] = [];
  for (const [i, driver] of drivers.entries()) {
    // Users 0..3 are spent on the probes; the measured run starts its pairs further on.
    const actor = users[2 * i]!;
    const receiver = users[2 * i + 1]!;
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2_000);
      sockets[2 * i + 1]!.once('new-notification', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    const res = await driver.send(instances[0]!, actor, receiver);
    await res.arrayBuffer();
    const pushed = res.ok && (await arrived);
    tried.push(
      `${driver.name}: ${res.status}${res.ok ? (pushed ? ', pushed' : ', no event') : ''}`,
    );
    if (pushed) return { driver, tried };
  }
  return { driver: null, tried };
}
