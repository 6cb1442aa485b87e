// Bundles the server into dist/main.js (and its search ranker's thread into
// dist/search-ranker.js). Workspace packages (@earmark/*) are
// compiled in from their TypeScript sources; every other package stays external.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@earmark/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The search ranker runs on a thread of its own, from a file of its own.
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'search-ranker': path.join(here, 'src/features/search/ranker-worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  conditions: ['source'],
  plugins: [externalPackages],
  logLevel: 'warning',
});

fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), {
  recursive: true,
});
console.log('server built: dist/main.js');
