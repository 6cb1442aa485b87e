import { defineConfig } from 'vitest/config';

// One runner for every workspace. Server integration tests run once on PGlite
// and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const serverOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server:pglite',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup-pglite.ts'],
          env: { EARMARK_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(serverOnPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server:postgres',
                include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['server/test/global-setup-postgres.ts'],
                env: { EARMARK_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: { name: 'bench', include: ['bench/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
