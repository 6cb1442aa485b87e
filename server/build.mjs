// Bundles the server into dist/main.js. Workspace packages (@earmark/*) are
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
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
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
