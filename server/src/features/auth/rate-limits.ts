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
  /** Reset mails to one address, whoever asks. */
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

/**
 * A preHandler that counts requests under a key built from the validated
 * request (the body has been parsed by then, unlike in `onRequest`). Keys are
 * prefixed with the limit's name because limiters made this way share one
 * namespace in the Redis store.
 */
export function limitBy(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `auth-${name}:${key(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests();
    }
  };
}
