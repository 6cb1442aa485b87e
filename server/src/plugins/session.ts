import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { AccountStatus, SESSION_TTL_MS, isLockedOut } from '@earmark/common';
import type { DbOrTx } from '../db/client';
import { preparedPer } from '../db/prepared';
import { sessions, users, type UserRow } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/errors';
import { newSecret, sha256 } from '../lib/ids';
import { SESSION_USERS_CHANNEL, SessionCache } from '../lib/session-cache';
import { transact, type WriteScope } from '../lib/unit-of-work';
import { isApiRoute } from './api-route';

export const SESSION_COOKIE = 'earmark_session';
/** Extend a session at most once a day, not on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    sessionId: string | null;
  }
}

/** A signed-in session: its id (the hash of the cookie's token), user and expiry. */
export interface FoundSession {
  id: string;
  user: UserRow;
  expiresAt: Date;
}

const liveSession = preparedPer((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('live_session'),
);

/**
 * The live session of a cookie token, or null (unknown, expired, or its user
 * locked out, whose sessions are then ended). The HTTP requests and the live
 * socket's handshake sign in through this one check. The lookup is a read,
 * on the read connections: on the write connections it would wait behind
 * the write transactions of others.
 */
export async function findSession(
  app: Pick<FastifyInstance, 'db' | 'writer'>,
  token: string | undefined,
): Promise<FoundSession | null> {
  if (!token) return null;
  const id = sha256(token);
  const [row] = await liveSession(app.db).execute({ id, now: new Date() });
  if (!row) return null;
  if (isLockedOut(row.user.accountStatus)) {
    await endUserSessions(app.writer, row.user.id);
    return null;
  }
  return { id, user: row.user, expiresAt: row.expiresAt };
}

/** Reads may sign in from the session cache; writes always check the database. */
export const isRead = (request: FastifyRequest) =>
  request.method === 'GET' || request.method === 'HEAD';

async function loadSession(
  app: FastifyInstance,
  cache: SessionCache<FoundSession>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const read = isRead(request);
  let row = read ? cache.get(sha256(token)) : null;
  if (!row) {
    row = await findSession(app, token);
    if (row && read) cache.set(row.id, row.user.id, row);
  }
  if (!row) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return;
  }
  const { id } = row;
  request.user = row.user;
  request.sessionId = id;
  const remaining = row.expiresAt.getTime() - Date.now();
  if (remaining < SESSION_TTL_MS - SLIDE_AFTER_MS) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await app.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    setSessionCookie(app, reply, token, expiresAt);
  }
}

function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    expires,
  });
}

/** Signs the user in on this reply: a new session row and its cookie. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  tx: DbOrTx = app.db,
): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  await tx.insert(sessions).values({ id: sha256(token), userId, expiresAt, userAgent });
  setSessionCookie(app, reply, token, expiresAt);
}

/** Signs out: the session row goes, and so do the live sockets opened with it. */
export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { user, sessionId } = request;
  if (user && sessionId) {
    await transact(app.writer, async (uow) => {
      await uow.tx.delete(sessions).where(eq(sessions.id, sessionId));
      uow.publish({ type: 'sessions-ended', userId: user.id, sessionIds: [sessionId] });
    });
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Ends every session of a user, or every one but the given session, in the
 * caller's unit of work (or one of its own); the live sockets opened with
 * them are disconnected after the commit.
 */
export async function endUserSessions(
  scope: WriteScope,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await transact(scope, async (uow) => {
    const ended = await uow.tx
      .delete(sessions)
      .where(
        exceptSessionId
          ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
          : eq(sessions.userId, userId),
      )
      .returning({ id: sessions.id });
    if (ended.length === 0) return;
    uow.publish({
      type: 'sessions-ended',
      userId,
      ...(exceptSessionId ? { sessionIds: ended.map((s) => s.id) } : {}),
    });
  });
}

/** preHandler: the route needs a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler: the route needs a signed-in user whose email is confirmed. */
export async function requireConfirmedUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.accountStatus === AccountStatus.NOT_CONFIRMED) {
    throw forbidden('Please confirm your email address first');
  }
}

/** The signed-in user of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Enough for the readers of the last few seconds. */
const MAX_CACHED_SESSIONS = 20_000;

export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = new SessionCache<FoundSession>(app.config.sessionCacheTtlMs, MAX_CACHED_SESSIONS);
  if (app.config.sessionCacheTtlMs > 0) {
    const stop = await app.database.listen(SESSION_USERS_CHANNEL, cache.channelHandlers);
    app.addHook('onClose', stop);
    // The writer's own next read sees the write at once, before the announcement arrives.
    app.addHook('onResponse', async (request) => {
      if (request.user && !isRead(request)) cache.dropUsers([request.user.id]);
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if (isApiRoute(request)) await loadSession(app, cache, request, reply);
  });
});
