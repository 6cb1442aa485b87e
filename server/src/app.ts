import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { IMAGE_MAX_BYTES, JSON_BODY_LIMIT_BYTES } from '@earmark/common';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { serializeError } from './lib/log';
import type { LivePublisher } from './lib/live-events';
import { createMailer, type Mailer } from './lib/mail';
import type { Writer } from './lib/unit-of-work';
import { registerErrorHandler } from './plugins/errors';
import { attachLiveServer } from './realtime/server';
import { dailyJobs } from './plugins/daily-jobs';
import { registerOriginCheck } from './plugins/origin-check';
import { releaseCardsPlugin } from './plugins/release-cards';
import { readCache } from './plugins/read-cache';
import { serializerCompiler } from './plugins/serializer';
import { sessionPlugin } from './plugins/session';
import { readerPresencePlugin } from './plugins/reader-presence';
import { decoratePageMeta, inlineScriptHashes, readIndexHtml, registerSpa } from './plugins/spa';
import { healthRoutes } from './features/health/routes';
import { authRoutes } from './features/auth/routes';
import { usersRoutes } from './features/users/routes';
import { artistsRoutes } from './features/artists/routes';
import { genresRoutes } from './features/genres/routes';
import { labelsRoutes } from './features/labels/routes';
import { languagesRoutes } from './features/languages/routes';
import { releasesRoutes } from './features/releases/routes';
import { entriesRoutes } from './features/entries/routes';
import { followingEntriesRoutes, followsRoutes } from './features/follows/routes';
import { userStatsRoutes } from './features/user-stats/routes';
import { listsRoutes } from './features/lists/routes';
import { commentsRoutes } from './features/comments/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { reportsRoutes } from './features/reports/routes';
import { searchRoutes } from './features/search/routes';
import { historyRoutes, submissionsRoutes } from './features/submissions/routes';
import { adminRoutes } from './features/admin/routes';
import { adminMergeRoutes } from './features/admin/merge-routes';
import { autofillRoutes } from './features/autofill/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    redis: Redis | null;
    /** What writing services are given: the database and the effects run after its commits. */
    writer: Writer;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Shared Redis connection (rate limits, read cache, the socket adapter); null in single-process mode. */
  redis?: Redis | null;
  mailer?: Mailer;
  /** Where committed live events go; by default the app's own socket server. */
  publisher?: LivePublisher;
  logger?: FastifyServerOptions['logger'];
}

/** One log line per request, when it ends, instead of one as it arrives and one as it ends. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The logger options, with errors logged without the values of failed queries. */
function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  const logger = deps.logger ?? { level: deps.config.logLevel };
  if (typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, err: serializeError } };
}

/** Builds the whole HTTP app; `main.ts` and the tests call this the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(deps),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(config.env === 'test'));

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('redis', deps.redis ?? null);
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);

  const indexHtml = readIndexHtml(config.webDistDir);
  // Helmet's middleware made once and run on every request (the Fastify
  // wrapper rebuilds it per request, which measured as a twentieth of a cached read).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The live socket on this host only; older browsers do not count ws(s) as 'self'.
        connectSrc: ["'self'", config.origin.replace(/^http/, 'ws')],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // Answers are compressed for clients that accept it; bodies sent compressed
  // are not read (no client of Earmark's sends one): a route with a body
  // decompressing hook costs every request, GETs included (see decisions).
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'earmark-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      error: 'Too Many Requests',
      message: 'Too many requests, please try again later.',
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Earmark API', version: '1.0.0', description: 'The Earmark HTTP API.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerOriginCheck(app);
  await app.register(sessionPlugin);
  await app.register(readerPresencePlugin);
  await app.register(readCache);
  await app.register(releaseCardsPlugin);
  const live = await attachLiveServer(app, deps.redis ?? null);
  const publisher = deps.publisher ?? live.publisher;
  app.decorate('writer', {
    db: deps.database.writeDb,
    afterCommit: {
      invalidate: (tags) => app.readCache.invalidate(...tags),
      publish: (event) => publisher.publish(event),
      mail: (message) => app.mailer.send(message),
      failed: (err, effect) =>
        app.log.error({ err, effect: effect.kind }, 'after-commit effect failed'),
    },
  });
  decoratePageMeta(app);
  if (config.dailyJobs) await app.register(dailyJobs);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(followsRoutes, { prefix: '/users' });
      await api.register(userStatsRoutes, { prefix: '/entries/user' });
      await api.register(entriesRoutes, { prefix: '/entries' });
      await api.register(followingEntriesRoutes, { prefix: '/entries' });
      await api.register(releasesRoutes, { prefix: '/releases' });
      await api.register(artistsRoutes, { prefix: '/artists' });
      await api.register(labelsRoutes, { prefix: '/labels' });
      await api.register(genresRoutes, { prefix: '/genres' });
      await api.register(languagesRoutes, { prefix: '/languages' });
      await api.register(listsRoutes, { prefix: '/lists' });
      await api.register(commentsRoutes, { prefix: '/comments' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(reportsRoutes, { prefix: '/reports' });
      await api.register(searchRoutes, { prefix: '/search' });
      await api.register(submissionsRoutes, { prefix: '/submissions' });
      await api.register(historyRoutes, { prefix: '/history' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(adminMergeRoutes, { prefix: '/admin' });
      await api.register(autofillRoutes, { prefix: '/autofill' });
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  await registerSpa(app, indexHtml);
  return app;
}
