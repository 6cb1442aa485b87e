import { runCleanup } from './lib/cleanup';

const USAGE = `Usage: npm run bench -- <catalogue|large|paging|live|contributions|compare>

  catalogue  seed time and release page / top list latency on the demo catalogue (PGlite, PostgreSQL)
  large      generates a large dataset in PostgreSQL and loads the main read endpoints,
             signed out and in, shallow and deep, and a cold long tail (see bench/README.md)
  paging     on the large dataset: the first page, the deepest page number and a cursor page
             near the end of the long lists, one request at a time
  live       500 signed-in sockets and 200 notifications a second: delivery latency from the
             call's answer to the socket event, on PGlite and on two instances with PostgreSQL
             and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379)
  contributions
             on the large dataset: editors, trusted and other contributors submit release and
             artist edits and creates and vote while release pages are read; the write streams'
             req/s, p99 and answers by status, and the release page's p99 with and without them
  compare <directory>
             on the large dataset: the large scenarios loaded on this build and on another
             (a copy of server/dist under server/, say server/dist-before) in turns, each
             round's req/s and CPU time per request of both (see bench/README.md)

Requires a built server (npm run build). PostgreSQL admin URL: BENCH_DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/postgres).`;

const commands: Record<string, () => Promise<void>> = {
  catalogue: async () => (await import('./catalogue')).runCatalogue(),
  large: async () => (await import('./large')).runLarge(),
  paging: async () => (await import('./paging')).runPaging(),
  live: async () => (await import('./live')).runLive(),
  contributions: async () => (await import('./contributions')).runContributions(),
  compare: async () => (await import('./compare')).runCompare(),
};

async function main(): Promise<void> {
  const name = process.argv[2];
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    process.exit(name ? 1 : 0);
  }
  let interrupted = false;
  const interrupt = () => {
    if (interrupted) return;
    interrupted = true;
    console.error('\nInterrupted: stopping servers and dropping temporary databases...');
    void runCleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    await command();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await runCleanup();
  }
}

await main();
