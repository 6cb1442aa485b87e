import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { setPlace, type CachedPayload, type Place } from '../lib/cached-payload';
import { ReadCache } from '../lib/read-cache';
import { keepReaderRows } from '../db/batched';
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
/**
 * Signed-in readers' entries and votes on the pages they read: a thousand
 * readers' 48 cards of a few pages each, 21 to 33 MB of heap at the bound
 * (106 bytes a row where a third are entries, 166 where all are).
 */
const MAX_READER_ROWS = 200_000;

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
  return sendJson(reply, checkedJson(reply, payload, schema));
}

function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

function checkedJson<V>(
  reply: FastifyReply,
  payload: CachedPayload<V>,
  schema: z.ZodType<V>,
): Buffer {
  return payload.json(responseWriter(schema, reply.server.config.env === 'test'));
}

/**
 * Names the places of a page where one reader's own values go (their entry
 * on each card, their vote on each review), in a fixed order: `place` is
 * called with the object and key of each, and the reader's value there.
 */
export type Overlay<V> = (value: V, place: Place) => void;

/**
 * A place's marker in a template: no text from PostgreSQL holds U+0000, so
 * JSON.stringify's `"\u0000@<n>"` is found nowhere else in a page.
 */
const marker = (n: number) => `\u0000@${n}`;
const MARKED = /"\\u0000@(\d+)"/g;

/** A page's checked JSON cut at its reader's places: pieces (bytes) around slots. */
interface Template {
  pieces: Buffer[];
  /** The place whose value goes after each piece but the last. */
  slots: number[];
}

/**
 * The checked JSON cut where the overlay's places are: each set to a marker
 * on a parsed copy and written again, once per payload. Null when the
 * markers cannot be found one for one (the page is then laid over per
 * request instead).
 */
function templateOf<V>(json: Buffer, overlay: Overlay<V>): Template | null {
  const copy = JSON.parse(json.toString()) as V;
  let count = 0;
  overlay(copy, (holder, key) => setPlace(holder, key, marker(count++)));
  const marked = JSON.stringify(copy);
  const pieces: Buffer[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const m of marked.matchAll(MARKED)) {
    pieces.push(Buffer.from(marked.slice(from, m.index)));
    slots.push(Number(m[1]));
    from = m.index + m[0].length;
  }
  pieces.push(Buffer.from(marked.slice(from)));
  return slots.length === count && new Set(slots).size === count ? { pieces, slots } : null;
}

/** The JSON of the values most places hold (none, yes, no), encoded once. */
const NULL_JSON = Buffer.from('null');
const TRUE_JSON = Buffer.from('true');
const FALSE_JSON = Buffer.from('false');

/**
 * The JSON of frozen values, encoded once each: a reader's entries kept by
 * the instance (ReaderPresence) are the same frozen objects page after page.
 */
const frozenJson = new WeakMap<object, Buffer>();

/** A reader's value at a place, as JSON bytes. */
function valueJson(value: unknown): Buffer {
  if (value === null || value === undefined) return NULL_JSON;
  if (value === true) return TRUE_JSON;
  if (value === false) return FALSE_JSON;
  if (typeof value !== 'object' || !Object.isFrozen(value))
    return Buffer.from(JSON.stringify(value));
  let json = frozenJson.get(value);
  if (!json) frozenJson.set(value, (json = Buffer.from(JSON.stringify(value))));
  return json;
}

/**
 * A page's JSON with one reader's own values laid over it: the JSON, cut
 * once per payload at the overlay's places, joined around the reader's
 * values, so a signed-in reader costs no parsing and writing of the page
 * (the first reader's copy is parsed and written: see below).
 */
export function overlaidJson<V>(
  payload: CachedPayload<V>,
  json: Buffer,
  overlay: Overlay<V>,
): Buffer {
  // A page nobody else reads is not worth cutting: the template is made on
  // its second use, or its first where several asked for it together (a
  // payload made for one request alone never gets here).
  const uses = payload.derive('overlay uses', () => ({ n: 0 }));
  uses.n += 1;
  const template =
    uses.n > 1 || payload.askers > 1
      ? payload.derive('overlay', () => templateOf(json, overlay))
      : null;
  const values: unknown[] = [];
  overlay(payload.value, (_holder, _key, readerValue) => values.push(readerValue));
  if (!template) {
    const copy = JSON.parse(json.toString()) as V;
    let n = 0;
    overlay(copy, (holder, key) => setPlace(holder, key, values[n++]));
    return Buffer.from(JSON.stringify(copy));
  }
  // Only the reader's values are encoded per request; the page's pieces were once.
  const parts: Buffer[] = [template.pieces[0]!];
  for (let i = 0; i < template.slots.length; i++) {
    parts.push(valueJson(values[template.slots[i]!]));
    parts.push(template.pieces[i + 1]!);
  }
  return Buffer.concat(parts);
}

/**
 * Sends a cached payload with one reader's own values laid over the JSON
 * that went through the response schema (see sendCached and overlaidJson):
 * checking or writing the whole page again for each signed-in reader cost
 * more than reading their values.
 */
export function sendOverlaid<V>(
  reply: FastifyReply,
  payload: CachedPayload<V>,
  schema: z.ZodType<V>,
  overlay: Overlay<V>,
): FastifyReply {
  if (payload.alone) {
    // Nobody else reads this payload (the cache is off): the reader's values
    // go on the value itself, written once, rather than parsing its JSON again.
    overlay(payload.value, setPlace);
    return sendCached(reply, payload, schema);
  }
  return sendJson(reply, overlaidJson(payload, checkedJson(reply, payload, schema), overlay));
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
  const cache = new ReadCache({
    ttlMs: app.config.readCacheTtlMs,
    maxEntries: MAX_PAYLOADS,
    maxReaderRows: MAX_READER_ROWS,
    keepAfter: app.config.readCacheKeepAfter,
  });
  app.decorate('readCache', cache);
  keepReaderRows(app.db, cache);
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
