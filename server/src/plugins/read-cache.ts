import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { ReadCache, type CachedPayload } from '../lib/read-cache';
import { responseWriter } from './serializer';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/** Where instances announce invalidations to each other. */
export const INVALIDATION_CHANNEL = 'earmark:read-cache:invalidate';

/** Enough for the release pages and lists people are looking at right now. */
const MAX_PAYLOADS = 5000;

// The tags live with the services that record them; re-exported for readers' routes.
export { cacheTags } from '../lib/cache-tags';

/**
 * Sends a cached payload to a reader as JSON that went through the response
 * schema once, when the payload was first sent: later readers skip the
 * schema check and serialisation.
 */
export function sendCached<V>(
  reply: FastifyReply,
  payload: CachedPayload<V>,
  schema: z.ZodType<V>,
): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(checkedJson(reply, payload, schema));
}

function checkedJson<V>(
  reply: FastifyReply,
  payload: CachedPayload<V>,
  schema: z.ZodType<V>,
): string {
  return payload.json(responseWriter(schema, reply.server.config.env === 'test'));
}

/**
 * Sends a cached payload with one reader's own parts laid over it: a copy
 * of the JSON that went through the response schema (see sendCached) on
 * which `overlay` sets the reader's fields, so only those skip the schema
 * check, which costs far more than parsing and writing the JSON again.
 */
export function sendOverlaid<V>(
  reply: FastifyReply,
  payload: CachedPayload<V>,
  schema: z.ZodType<V>,
  overlay: (copy: V) => void,
): FastifyReply {
  const copy = JSON.parse(checkedJson(reply, payload, schema)) as V;
  overlay(copy);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(copy));
}

interface Announcement {
  from: string;
  tags: string[];
}

/**
 * One read cache per app. With Redis, every local invalidation is published
 * and every other instance's is applied, so a write on one instance is seen
 * on all of them within a round trip (the TTL bounds it if a message is lost).
 */
async function readCachePlugin(app: FastifyInstance) {
  const cache = new ReadCache({ ttlMs: app.config.readCacheTtlMs, maxEntries: MAX_PAYLOADS });
  app.decorate('readCache', cache);
  if (app.config.readCacheStats) {
    // The bench reads it before and after a run: the difference is that run's hit rate.
    app.get('/api/read-cache/stats', { schema: { hide: true } }, async () => ({
      enabled: cache.enabled,
      ...cache.stats,
    }));
  }
  const redis = app.redis;
  if (!redis || !cache.enabled) return;

  const instance = randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', (err) => app.log.warn({ err }, 'read cache subscriber error'));
  subscriber.on('message', (channel, message) => {
    if (channel !== INVALIDATION_CHANNEL) return;
    try {
      const { from, tags } = JSON.parse(message) as Announcement;
      if (from !== instance && Array.isArray(tags)) cache.applyRemote(tags.map(String));
    } catch (err) {
      app.log.warn({ err }, 'unreadable read cache invalidation');
    }
  });
  await subscriber.subscribe(INVALIDATION_CHANNEL);
  // Whatever changed while this instance was not listening is bounded by the TTL from here on.
  cache.clear();

  cache.onInvalidate((tags) => {
    const announcement: Announcement = { from: instance, tags: [...tags] };
    redis.publish(INVALIDATION_CHANNEL, JSON.stringify(announcement)).catch((err: unknown) => {
      app.log.warn({ err }, 'could not announce a read cache invalidation');
    });
  });
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });
}

export const readCache = fp(readCachePlugin, { name: 'read-cache' });
