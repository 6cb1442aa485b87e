import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Earmark <no-reply@earmark.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // Not a reserved name, so the first admin has a reachable profile page.
  ADMIN_USERNAME: z.string().min(3).default('earmark-admin'),
  ADMIN_EMAIL: z.string().email().default('admin@earmark.local'),
  /** Where the built web client lives; the server serves it when present. */
  WEB_DIST_DIR: z.string().optional(),
  /** How long hot public reads are kept in memory; 0 turns that cache off. */
  READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * After how many reads an instance keeps a page in its read cache: 1 keeps
   * every page it reads; 2 only one read again while the instance still
   * remembers the first (most pages of a large catalogue are read once, and
   * kept they cost collection time). Unset: 2, or 1 under NODE_ENV=test.
   */
  READ_CACHE_KEEP_AFTER: z.coerce.number().int().min(1).max(2).optional(),
  /** Serve GET /api/read-cache/stats (how the read cache served its readers): for the bench only. */
  READ_CACHE_STATS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * How long an instance keeps a signed-in session in memory (dropped at once
   * when the user or the session changes); 0 turns that off. Unset: 10, or 0
   * under NODE_ENV=test.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /**
   * How many ids an instance keeps, over all its recent signed-in readers,
   * of where each has rows of their own (the releases they have entries on,
   * the reviews they voted on, the lists they liked), so a page looks up
   * only the reader's rows there may be (exact: dropped at once when a
   * reader gains one); 0 turns that off. Unset: 1,000,000 (about 4 MB), or
   * 0 under NODE_ENV=test.
   */
  READER_IDS_KEPT: z.coerce.number().int().min(0).max(100_000_000).optional(),
  /**
   * Release cards an instance keeps in memory (see lib/release-cards.ts); 0
   * turns them off, as under NODE_ENV=test.
   */
  RELEASE_CARDS_KEPT: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /**
   * PostgreSQL connections an instance opens for reads (and for writes
   * outside the writer). Statements served from memory keep a core busy
   * each: about twice the database server's cores keeps it busy without
   * making its backends take turns on the cores (see decisions).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
  /**
   * PostgreSQL connections of an instance's own for write transactions, so
   * that writes waiting inside their transactions never leave reads without
   * a connection. 0 writes on the read connections.
   */
  DATABASE_WRITE_POOL_SIZE: z.coerce.number().int().min(0).max(200).default(4),
  /** Requests a minute one address may make to each list call (GET releases, GET entries, GET search); 0 turns the limit off. */
  LIST_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /**
   * Hosts (names or addresses, comma-separated) that cover `imageUrl`
   * fetches may reach even when they are loopback or private: for tests and
   * a local cover server only. Empty in production.
   */
  IMAGE_URL_ALLOW_HOSTS: z.string().default(''),
  /**
   * Run the daily jobs (the trusted promotion) in this process: on start and
   * hourly, once a day across instances. Unset: on, except under NODE_ENV=test.
   */
  DAILY_JOBS: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** The MusicBrainz web service and the Cover Art Archive that release autofill reads. */
  MUSICBRAINZ_URL: z.url().default('https://musicbrainz.org'),
  COVERART_URL: z.url().default('https://coverartarchive.org'),
  /** The Spotify Web API and its accounts service; autofill from Spotify needs the client id and secret. */
  SPOTIFY_API_URL: z.url().default('https://api.spotify.com'),
  SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
  SPOTIFY_CLIENT_ID: z.string().trim().default(''),
  SPOTIFY_CLIENT_SECRET: z.string().trim().default(''),
  /** How long an autofill waits for MusicBrainz or Spotify before answering 502. */
  AUTOFILL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Skip the demo seed on first start (the admin account is still made). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  publicUrl: string;
  /** Scheme + host (+ port) that browsers send as Origin. */
  origin: string;
  secureCookies: boolean;
  databaseUrl: string | undefined;
  /** PostgreSQL connections for reads, and of their own for write transactions (0: none of their own). */
  databasePool: { reads: number; writes: number };
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  admin: { username: string; email: string };
  webDistDir: string;
  seedDemo: boolean;
  readCacheTtlMs: number;
  /** Reads of a page before the read cache keeps it (READ_CACHE_KEEP_AFTER). */
  readCacheKeepAfter: 1 | 2;
  /** Whether GET /api/read-cache/stats answers (READ_CACHE_STATS). */
  readCacheStats: boolean;
  sessionCacheTtlMs: number;
  readerIdsKept: number;
  releaseCardsKept: number;
  /** Per address and list call, per minute; 0 means no limit. */
  listRateLimit: number;
  /** Hosts a cover `imageUrl` may reach although they are not public (tests only). */
  imageUrlAllowHosts: string[];
  /** Whether this process runs the daily jobs (see DAILY_JOBS). */
  dailyJobs: boolean;
  autofill: {
    musicBrainzUrl: string;
    coverArtUrl: string;
    spotifyApiUrl: string;
    spotifyAccountsUrl: string;
    /** Null when the client id or secret is not set: Spotify autofill answers 503. */
    spotifyCredentials: { clientId: string; clientSecret: string } | null;
    timeoutMs: number;
  };
}

/** Parses the environment once; the error names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    publicUrl,
    origin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    databasePool: { reads: e.DATABASE_POOL_SIZE, writes: e.DATABASE_WRITE_POOL_SIZE },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL.toLowerCase() },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist()),
    seedDemo: e.SEED_DEMO,
    readCacheTtlMs: e.READ_CACHE_SECONDS * 1000,
    readCacheKeepAfter: (e.READ_CACHE_KEEP_AFTER ?? (e.NODE_ENV === 'test' ? 1 : 2)) as 1 | 2,
    readCacheStats: e.READ_CACHE_STATS,
    sessionCacheTtlMs: (e.SESSION_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 10)) * 1000,
    readerIdsKept: e.READER_IDS_KEPT ?? (e.NODE_ENV === 'test' ? 0 : 250_000),
    releaseCardsKept: e.RELEASE_CARDS_KEPT ?? (e.NODE_ENV === 'test' ? 0 : 100_000),
    listRateLimit: e.LIST_RATE_LIMIT,
    imageUrlAllowHosts: e.IMAGE_URL_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
    dailyJobs:
      e.DAILY_JOBS === undefined || e.DAILY_JOBS === ''
        ? e.NODE_ENV !== 'test'
        : e.DAILY_JOBS === 'true' || e.DAILY_JOBS === '1',
    autofill: {
      musicBrainzUrl: trimSlash(e.MUSICBRAINZ_URL),
      coverArtUrl: trimSlash(e.COVERART_URL),
      spotifyApiUrl: trimSlash(e.SPOTIFY_API_URL),
      spotifyAccountsUrl: trimSlash(e.SPOTIFY_ACCOUNTS_URL),
      spotifyCredentials:
        e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET
          ? { clientId: e.SPOTIFY_CLIENT_ID, clientSecret: e.SPOTIFY_CLIENT_SECRET }
          : null,
      timeoutMs: e.AUTOFILL_TIMEOUT_MS,
    },
  };
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

function defaultWebDist(): string {
  // server/src/config.ts (tsx) and server/dist/main.js (bundle) both sit two levels below the repo.
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}
