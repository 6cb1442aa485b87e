/**
 * Test support for the live connection: an app listening on a free port,
 * socket.io clients that connect to it as a browser would (with or without
 * the session cookie), and the live events a committed write publishes.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import {
  NotificationKind,
  type Comment,
  type CommentTargetKind,
  type Notification,
} from '@earmark/common';
import { newId } from '../lib/ids';
import type { LiveEvent } from '../lib/live-events';
import { transact } from '../lib/unit-of-work';

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface ConnectOptions {
  cookie?: string;
  origin?: string;
  transport?: 'websocket' | 'polling';
}

/** A connected client; rejects with the server's reason when the connection is refused. */
export function connect(baseUrl: string, opts: ConnectOptions = {}): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: [opts.transport ?? 'websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Every payload of `event` the socket receives from now on, in order. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** The next payload of `event`; rejects after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 3_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Resolves once the socket is disconnected, with the reason. */
export function disconnected(socket: Socket, timeoutMs = 3_000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Emits a join or leave and waits for the server's answer (true when in the room). */
export function emitRoom(
  socket: Socket,
  event: 'join-comment-room' | 'leave-comment-room',
  room: unknown,
): Promise<boolean> {
  return socket.timeout(3_000).emitWithAck(event, room) as Promise<boolean>;
}

/** Publishes an event the way a service does: recorded on a unit of work, sent after commit. */
export function publish(app: FastifyInstance, event: LiveEvent): Promise<void> {
  return transact(app.writer, async (uow) => uow.publish(event));
}

export function aNotification(message = 'started following you'): Notification {
  return {
    id: newId(),
    kind: NotificationKind.FOLLOW,
    message,
    link: null,
    read: false,
    createdAt: new Date().toISOString(),
    user: null,
  };
}

export function aComment(entityType: CommentTargetKind, entityId: string, body = 'Nice'): Comment {
  return {
    id: newId(),
    body,
    createdAt: new Date().toISOString(),
    entityType,
    entityId,
    user: { id: newId(), username: 'someone', name: null, image: null, supporter: 0 },
  };
}

/** A short wait in which nothing should arrive, after a control event that did arrive. */
export const quietPeriod = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
