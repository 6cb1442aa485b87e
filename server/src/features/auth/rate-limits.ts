import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface Limit {
  max: number;
  timeWindow: number;
}

/**
 * Per-IP limits, checked before the body is read (route `config.rateLimit`).
 * Generous enough for many people behind one address, tight enough to make
 * guessing and mail flooding slow.
 */
export const ipLimits = {
  signup: { max: 30, timeWindow: HOUR },
  login: { max: 100, timeWindow: 15 * MINUTE },
  forgotPassword: { max: 10, timeWindow: 15 * MINUTE },
  forgotPasswordChange: { max: 20, timeWindow: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** Limits per account (email or signed-in user), on top of the per-IP ones. */
export const accountLimits = {
  /** Guesses at one account from one address. */
  login: { max: 10, timeWindow: 15 * MINUTE },
  /**
   * Sign-ins to one account from browsers it does not know, whatever their
   * addresses: guessing from many addresses is slowed, while the owner's
   * known browsers are not counted (see known-device.ts). Twice the
   * per-address limit, so one address using up its share leaves the owner
   * room on a new browser.
   */
  loginUnknownBrowsers: { max: 20, timeWindow: 15 * MINUTE },
  /**
   * Reset mails to one address, whoever asks. Past it the request is still
   * answered alike; only no further mail is sent.
   */
  forgotPassword: { max: 5, timeWindow: HOUR },
  resendConfirmation: { max: 5, timeWindow: HOUR },
  /** Guesses at the current password from a borrowed session. */
  updatePassword: { max: 10, timeWindow: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** The body the rate-limit plugin answers with, for limits checked here. */
function tooManyRequests(): AppError {
  return new AppError(429, 'Too many requests, please try again later.');
}

/** The validated email of a request body ('' when there is none). */
export function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : '';
}

export interface Counted {
  /** False once the limit is exceeded. */
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Counts a request under a key built from the validated request (the body
 * has been parsed by then, unlike in `onRequest`) and tells whether it is
 * within the limit. Keys are prefixed with the limit's name because
 * limiters made this way share one namespace in the Redis store.
 */
export function counter(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `auth-${name}:${key(request)}`,
  });
  return async (request: FastifyRequest): Promise<Counted> => {
    const result = await check(request);
    return {
      allowed: result.isAllowed || !result.isExceeded,
      retryAfter: result.isAllowed ? 0 : result.ttlInSeconds,
    };
  };
}

/** Answers 429 (with Retry-After) when a counted request is over its limit. */
export function refuseWhenOver(counted: Counted, reply: FastifyReply): void {
  if (counted.allowed) return;
  reply.header('retry-after', counted.retryAfter);
  throw tooManyRequests();
}

/** A preHandler that answers 429 once the requests counted under a key exceed the limit. */
export function limitBy(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (request: FastifyRequest) => string,
) {
  const count = counter(app, name, limit, key);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    refuseWhenOver(await count(request), reply);
  };
}
