import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * The per-address limit of the list calls (GET releases, GET entries, GET search), the
 * reads that cost the most: `config.rateLimit` of their routes. The plugin
 * counts per address in a store of the route the router matched (its
 * method and pattern, never the raw URL with its query), in memory or in
 * Redis, so any page, sort or filter of one list shares one count.
 * `LIST_RATE_LIMIT` sets the number a minute (0: off).
 */
export function listRateLimit(app: FastifyInstance): RateLimitOptions | false {
  const max = app.config.listRateLimit;
  return max > 0 ? { max, timeWindow: 60_000 } : false;
}
