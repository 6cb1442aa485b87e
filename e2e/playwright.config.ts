import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { ENV } from './support/env';

const CI = Boolean(process.env.CI);

/** Debian's Chromium; Playwright's own browser downloads are not used. */
const CHROMIUM = '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores: the server, the browser and the runner share them.
  workers: Math.max(1, Math.min(2, availableParallelism())),
  // A journey through the browser took 22–28 s on a 2-core machine that also ran the
  // server and PostgreSQL: 30 s left no room for a busier run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    // Set by global setup. Workers load this file again after it ran, so they see it.
    baseURL: process.env[ENV.baseURL],
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
});
