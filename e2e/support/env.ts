/**
 * The names under which global setup hands the running server to the tests.
 * Playwright starts its workers after global setup, so they inherit these.
 */
export const ENV = {
  baseURL: 'EARMARK_E2E_BASE_URL',
  dataDir: 'EARMARK_E2E_DATA_DIR',
  serverLog: 'EARMARK_E2E_SERVER_LOG',
  serverPid: 'EARMARK_E2E_SERVER_PID',
  /** Optional: another server entry point than server/dist/main.js. */
  serverEntry: 'EARMARK_E2E_SERVER_ENTRY',
  /** Optional: seconds to wait for the server's first start (migrations and demo seed). */
  startTimeout: 'EARMARK_E2E_START_TIMEOUT',
} as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set. Run the browser tests with \`npm run test:e2e\` (or \`npx playwright test\` in e2e/), whose global setup starts the server and sets it.`,
    );
  }
  return value;
}

/** Base URL of the server under test, e.g. http://127.0.0.1:41234 */
export function serverBaseURL(): string {
  return required(ENV.baseURL);
}

/** DATA_DIR of the server under test (outbox/, media/, db/ live there). */
export function serverDataDir(): string {
  return required(ENV.dataDir);
}

/** The value to send as Origin on mutations: the site origin (CSRF check). */
export function siteOrigin(baseURL: string = serverBaseURL()): string {
  return new URL(baseURL).origin;
}
