import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ENV } from './support/env';
import { startFakeMusicBrainz } from './support/fake-musicbrainz';
import { isHealthy, pruneOldRuns, runName, snapshotWebDist, startServer } from './support/server';

/**
 * Starts the built server (`node server/dist/main.js`) on a free port with a
 * fresh DATA_DIR, and hands its address to the tests through the environment.
 *
 * To run the specs against a server you started yourself (e.g. `npm start`),
 * set EARMARK_E2E_BASE_URL and EARMARK_E2E_DATA_DIR before running Playwright.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const e2eDir = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const repoRoot = path.resolve(e2eDir, '..');

  const external = process.env[ENV.baseURL];
  if (external && !process.env[ENV.serverPid]) {
    if (!process.env[ENV.dataDir]) {
      throw new Error(`${ENV.baseURL} is set: set ${ENV.dataDir} to that server's DATA_DIR too.`);
    }
    if (!(await isHealthy(external)))
      throw new Error(`${external}/api/health does not answer 200.`);
    console.log(`e2e: using the running server at ${external}`);
    return;
  }

  const entry = path.resolve(repoRoot, process.env[ENV.serverEntry] ?? 'server/dist/main.js');
  const webDist = path.join(repoRoot, 'web/dist');
  const missing = [entry, path.join(webDist, 'index.html')].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `Not built: ${missing.join(', ')}. Run \`npm run build\` first (\`npm run test:e2e\` does).`,
    );
  }

  const dataRoot = path.join(e2eDir, '.data');
  pruneOldRuns(dataRoot);
  const dataDir = path.join(dataRoot, runName());
  const webDistDir = snapshotWebDist(webDist, dataDir);
  // Autofill reads MusicBrainz and its covers from a local stand-in; the
  // cover address it gives is on loopback, which imageUrl fetches may reach here.
  const musicBrainz = await startFakeMusicBrainz(path.join(e2eDir, 'fixtures-data'));
  (globalThis as { earmarkFakeMusicBrainz?: typeof musicBrainz }).earmarkFakeMusicBrainz =
    musicBrainz;
  const server = await startServer({
    repoRoot,
    entry,
    dataDir,
    webDistDir,
    extraEnv: {
      MUSICBRAINZ_URL: musicBrainz.url,
      COVERART_URL: `${musicBrainz.url}/coverart`,
      IMAGE_URL_ALLOW_HOSTS: '127.0.0.1',
    },
  });

  process.env[ENV.baseURL] = server.baseURL;
  process.env[ENV.dataDir] = dataDir;
  process.env[ENV.serverLog] = server.logFile;
  process.env[ENV.serverPid] = String(server.pid);
  console.log(`e2e: server ${server.baseURL} (pid ${server.pid}), log ${server.logFile}`);
}
