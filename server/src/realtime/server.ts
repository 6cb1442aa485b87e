/**
 * The live connection: socket.io at `/socket.io` on the site's own origin,
 * on the app's HTTP server. The handshake reads the session cookie; the
 * server puts a signed-in socket in its user's and its session's rooms; a
 * client can only ask to join the comment rooms of threads it may read.
 * With Redis, the adapter carries emits and disconnects to every instance.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { SocketEvent } from '@earmark/common';
import { findReadableThread, parseCommentRoom } from '../features/comments/threads';
import type { LivePublisher } from '../lib/live-events';
import { SESSION_COOKIE, findSession } from '../plugins/session';
import { socketPublisher } from './publisher';
import { JoinBudget, MAX_COMMENT_ROOMS, sessionRoom, userRoom } from './rooms';
import type { LiveServer, LiveSocket } from './types';

/**
 * A client only ever sends a room name (under 100 bytes). A larger message up
 * to this ceiling is read and ignored; one past it closes the connection, as
 * the transport cannot read it without holding it in memory.
 */
export const LIVE_MAX_MESSAGE_BYTES = 16 * 1024;
/** The Redis channel prefix of the adapter, apart from the read cache's and the rate limits'. */
const ADAPTER_KEY = 'earmark-live';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server of the live connection. */
    live: LiveServer;
  }
}

/** Browsers always send Origin on a WebSocket and on a cross-site poll: only ours may connect. */
function allowedOrigin(app: FastifyInstance, origin: string | undefined): boolean {
  return origin === undefined || origin === app.config.origin;
}

async function identify(app: FastifyInstance, socket: LiveSocket): Promise<void> {
  const header = socket.request.headers.cookie;
  const token = header ? app.parseCookie(header)[SESSION_COOKIE] : undefined;
  const session = await findSession(app, token);
  socket.data.viewer = session
    ? { id: session.user.id, contributorStatus: session.user.contributorStatus }
    : null;
  socket.data.sessionId = session?.id ?? null;
}

function commentRoomsOf(socket: LiveSocket): number {
  let n = 0;
  for (const room of socket.rooms) if (parseCommentRoom(room)) n += 1;
  return n;
}

/** Joins the room when the viewer may read its thread; false when refused. */
async function joinCommentRoom(
  app: FastifyInstance,
  socket: LiveSocket,
  budget: JoinBudget,
  name: unknown,
): Promise<boolean> {
  const room = parseCommentRoom(name);
  if (!room || !budget.take()) return false;
  if (socket.rooms.has(name as string)) return true;
  if (commentRoomsOf(socket) >= MAX_COMMENT_ROOMS) return false;
  const thread = await findReadableThread(
    app.db,
    room.entityType,
    room.entityId,
    socket.data.viewer,
  );
  // The socket may have gone while the thread was looked up.
  if (!thread || !socket.connected) return false;
  await socket.join(name as string);
  return true;
}

function onConnection(app: FastifyInstance, socket: LiveSocket): void {
  const { viewer, sessionId } = socket.data;
  if (viewer && sessionId) void socket.join([userRoom(viewer.id), sessionRoom(sessionId)]);

  const budget = new JoinBudget();
  const answer = (ack: unknown, value: boolean) => {
    if (typeof ack === 'function') (ack as (v: boolean) => void)(value);
  };
  socket.on(SocketEvent.JOIN_COMMENT_ROOM, (name, ack) => {
    joinCommentRoom(app, socket, budget, name).then(
      (joined) => answer(ack, joined),
      (err: unknown) => {
        app.log.error({ err }, 'joining a comment room failed');
        answer(ack, false);
      },
    );
  });
  socket.on(SocketEvent.LEAVE_COMMENT_ROOM, (name, ack) => {
    // Only comment rooms: a socket cannot take itself out of its user's room.
    const left = parseCommentRoom(name) !== null;
    if (left) void socket.leave(name as string);
    answer(ack, left);
  });
  // Any other event has no handler and is dropped by socket.io.
}

export interface LiveConnection {
  io: LiveServer;
  publisher: LivePublisher;
}

/**
 * Attaches the socket server to the app's HTTP server (before it listens)
 * and closes it with the app: sockets are disconnected before the HTTP
 * server stops, so a graceful shutdown does not wait on them.
 */
export async function attachLiveServer(
  app: FastifyInstance,
  redis: Redis | null,
): Promise<LiveConnection> {
  const io: LiveServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: LIVE_MAX_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      if (allowedOrigin(app, req.headers.origin)) callback(null, true);
      else callback('Cross-site connection refused', false);
    },
  });

  let subscriber: Redis | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    subscriber.on('error', (err) => app.log.warn({ err }, 'live adapter subscriber error'));
    io.adapter(createAdapter(redis, subscriber, { key: ADAPTER_KEY }));
    // The adapter subscribes without waiting; an answer on the same connection
    // means it is subscribed, so an event published right after start is not lost.
    await subscriber.ping();
  }

  io.use((socket, next) => {
    identify(app, socket).then(
      () => next(),
      (err: unknown) => {
        app.log.error({ err }, 'live handshake failed');
        next(new Error('Handshake failed'));
      },
    );
  });
  io.on('connection', (socket) => onConnection(app, socket));

  app.decorate('live', io);
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    subscriber?.disconnect();
  });
  return { io, publisher: socketPublisher(io) };
}
