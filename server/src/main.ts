import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureAdmin } from './db/seed/admin';
import { seedDemo } from './db/seed/demo/index';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  fs.mkdirSync(path.join(config.dataDir, 'media'), { recursive: true });

  const database = await openDatabase(config);
  await database.migrate();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;

  const app = await buildApp({
    config,
    database,
    redis,
    logger:
      config.env === 'development'
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });

  const admin = await ensureAdmin(database.db, config.admin);
  if (admin) {
    // Shown once: the password is not stored anywhere in clear.
    app.log.warn(
      `Admin account created. Username: ${admin.username} Password: ${admin.password} (shown only this once; change it in Settings)`,
    );
  }
  // First start: fill the empty catalogue with the demo one (a no-op once any release exists).
  if (config.seedDemo) await seedDemo(database.db, config.dataDir, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      redis?.disconnect();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      ms: Math.round(performance.now() - startedAt),
    },
    'Earmark is ready',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
