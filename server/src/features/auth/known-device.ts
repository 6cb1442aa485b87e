import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/index';

/**
 * Browsers that signed in to an account before. A successful sign-in leaves
 * a long-lived cookie with a mark per account: the user id, an expiry and a
 * MAC keyed by the account's password hash, so only this server can make
 * one and a password change forgets every browser at once. Sign-ins from a
 * known browser are not counted against the account's limit across
 * addresses, so guessing from elsewhere cannot lock the owner out.
 */
export const KNOWN_DEVICE_COOKIE = 'earmark_known';
const KNOWN_FOR_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser; the oldest mark goes first. */
const MAX_ACCOUNTS = 5;
const MARK_SEPARATOR = '~';

type Account = Pick<UserRow, 'id' | 'passwordHash'>;

interface Mark {
  userId: string;
  /** Milliseconds since the epoch, base 36 in the cookie. */
  expires: number;
  mac: string;
}

function macOf(account: Account, expires: number): string {
  return createHmac('sha256', account.passwordHash)
    .update(`known-device:${account.id}:${expires}`)
    .digest('base64url');
}

function parseMarks(value: string | undefined): Mark[] {
  if (!value) return [];
  const marks: Mark[] = [];
  for (const part of value.split(MARK_SEPARATOR).slice(0, MAX_ACCOUNTS)) {
    const [userId, expires36, mac] = part.split('.');
    const expires = parseInt(expires36 ?? '', 36);
    if (userId && mac && Number.isSafeInteger(expires)) marks.push({ userId, expires, mac });
  }
  return marks;
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when this browser signed in to the account before, with its current password. */
export function isKnownDevice(request: FastifyRequest, account: Account): boolean {
  const now = Date.now();
  return parseMarks(request.cookies[KNOWN_DEVICE_COOKIE]).some(
    (m) => m.userId === account.id && m.expires > now && sameMac(m.mac, macOf(account, m.expires)),
  );
}

/** Remembers this browser for the account (after a successful sign-in). */
export function rememberDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
): void {
  const now = Date.now();
  const expires = now + KNOWN_FOR_MS;
  const others = parseMarks(request.cookies[KNOWN_DEVICE_COOKIE])
    .filter((m) => m.userId !== account.id && m.expires > now)
    .slice(-(MAX_ACCOUNTS - 1));
  const marks = [...others, { userId: account.id, expires, mac: macOf(account, expires) }];
  reply.setCookie(
    KNOWN_DEVICE_COOKIE,
    marks.map((m) => `${m.userId}.${m.expires.toString(36)}.${m.mac}`).join(MARK_SEPARATOR),
    {
      // Read only where signing in is decided.
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      expires: new Date(expires),
    },
  );
}
