import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * A per-account limit for a signed-in route (`config.rateLimit`): the
 * plugin counts per user id, or per address for a request without a
 * session (which the route then refuses with 401).
 */
export function accountRateLimit(max: number, timeWindow: number): RateLimitOptions {
  return {
    max,
    timeWindow,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : request.ip),
  };
}
