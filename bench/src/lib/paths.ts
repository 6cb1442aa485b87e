import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/lib is three levels below it). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverMain = path.join(repoRoot, 'server/dist/main.js');
/** Node's options of the server in production (`npm start`, docs/deploy.md): measured as run. */
export const serverNodeOptions = ['--max-semi-space-size=64'];
export const resultsDir = path.join(repoRoot, 'bench/results');

/** The benchmarks measure the built server, as it runs in production; they never build it. */
export function requireBuiltServer(): void {
  if (fs.existsSync(serverMain)) return;
  console.error(
    `The built server is missing (${path.relative(repoRoot, serverMain)}).\n` +
      'Run `npm run build` first, then run the benchmark again.',
  );
  process.exit(1);
}
