import type { Redis } from 'ioredis';
import { AppError, notFound } from '../../lib/errors';
import { ComputedCache } from '../releases/list-cache';

/**
 * The outside services autofill reads (MusicBrainz, Spotify): one JSON GET
 * with a time limit and their failures as the API's errors, the spacing
 * MusicBrainz asks of its clients, and a day's cache of what they answered.
 */

export const badGateway = (m: string) => new AppError(502, m);

export interface UpstreamRequest {
  /** The service's name as messages show it. */
  service: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  timeoutMs: number;
  /** What a 404 means to the caller. */
  notFoundMessage: string;
}

/** The JSON a service answers; 404 → 404, any other failure or a slow answer → 502. */
export async function upstreamJson(req: UpstreamRequest): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? 'GET',
      headers: { accept: 'application/json', ...req.headers },
      body: req.body,
      signal: AbortSignal.timeout(req.timeoutMs),
      redirect: 'follow',
    });
    if (res.status === 404) {
      await res.body?.cancel();
      throw notFound(req.notFoundMessage);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw badGateway(
        `${req.service} answered with an error (${res.status}); please try again later`,
      );
    }
    return await res.json();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw badGateway(`${req.service} did not answer in time; please try again later`);
    }
    if (err instanceof SyntaxError) throw badGateway(`${req.service} sent an unreadable answer`);
    throw badGateway(`${req.service} could not be reached; please try again later`);
  }
}

/** Spaces calls to a service at least `gapMs` apart: across instances through Redis, else in this process. */
export interface RequestSpacer {
  /**
   * Resolves when the caller's turn has come. A turn further away than the
   * spacer's longest wait is not taken: the call is refused with 503 at
   * once, so a burst of callers never builds an endless queue.
   */
  turn(): Promise<void>;
}

export const busy = (service: string) =>
  new AppError(503, `${service} is busy; please try again in a moment`);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a service's calls are spaced: its name (for messages), the gap and the longest wait for a turn. */
export interface Spacing {
  service: string;
  gapMs: number;
  maxWaitMs: number;
}

export function inProcessSpacer({ service, gapMs, maxWaitMs }: Spacing): RequestSpacer {
  let nextSlot = 0;
  return {
    async turn() {
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      if (slot - now > maxWaitMs) throw busy(service);
      nextSlot = slot + gapMs;
      if (slot > now) await sleep(slot - now);
    },
  };
}

/**
 * Takes the next free slot in Redis on Redis's own clock (instances' clocks
 * may differ) and answers how long to wait for it, or -1 without taking it
 * when it lies further than the caller will wait.
 */
const TAKE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gap = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if slot - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], slot + gap, 'PX', slot - now + gap)
return slot - now
`;

export function redisSpacer(
  redis: Redis,
  key: string,
  { service, gapMs, maxWaitMs }: Spacing,
): RequestSpacer {
  return {
    async turn() {
      const wait = Number(await redis.eval(TAKE_SLOT, 1, key, gapMs, maxWaitMs));
      if (wait < 0) throw busy(service);
      if (wait > 0) await sleep(wait);
    },
  };
}

export const AUTOFILL_CACHE_TTL_MS = 24 * 60 * 60_000;

/** A day's cache of what the services answered, keyed by service and id: in Redis when it is set. */
export interface ResultCache<V> {
  get(key: string, compute: () => Promise<V>): Promise<V>;
}

export function inProcessCache<V>(maxEntries = 1000): ResultCache<V> {
  return new ComputedCache<V>({ ttlMs: AUTOFILL_CACHE_TTL_MS, maxEntries });
}

export function redisCache<V>(redis: Redis, prefix: string): ResultCache<V> {
  return {
    async get(key, compute) {
      const hit = await redis.get(prefix + key);
      if (hit !== null) return JSON.parse(hit) as V;
      const value = await compute();
      await redis.set(prefix + key, JSON.stringify(value), 'PX', AUTOFILL_CACHE_TTL_MS);
      return value;
    },
  };
}
