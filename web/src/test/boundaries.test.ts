import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The web client's import boundaries are lint rules (eslint.config.js); this
 * lints snippets with the repository's own config as if they were files of
 * the app, so a config change that stops enforcing them fails here.
 */
const root = `${resolve(import.meta.dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}web/src/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('web import boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature reaching into another feature's internals", async () => {
    const errors = await boundaryErrors(
      'features/users/components/example.tsx',
      "import { ReleaseCard } from '../../releases/components/release-card';\nexport { ReleaseCard };\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('through its public entry, features/releases/index.ts'),
    ]);
  });

  it("accepts the other feature's public entry", async () => {
    const errors = await boundaryErrors(
      'features/users/components/example.tsx',
      "import { ReleaseCard } from '../../releases';\nexport { ReleaseCard };\n",
    );
    expect(errors).toEqual([]);
  });

  it('keeps imports flowing one way: components/ and lib/ → features/ → app/', async () => {
    const upwards = [
      ['components/example.tsx', "import { ReleaseCard } from '../features/releases';"],
      ['lib/example.ts', "import { Button } from '../components/button';"],
      ['features/home/example.ts', "import { routes } from '../../app/router';"],
    ] as const;
    for (const [file, code] of upwards) {
      expect(await boundaryErrors(file, `${code}\nexport {};\n`), file).toHaveLength(1);
    }
    const downwards = await boundaryErrors(
      'app/example.tsx',
      "import { paths } from '../lib/paths';\nimport { Button } from '../components/button';\nimport { useLogout } from '../features/auth/api';\nexport { paths, Button, useLogout };\n",
    );
    expect(downwards).toEqual([]);
  });

  it("lets tests, and only tests, use another feature's test support", async () => {
    const code =
      "import { makeRelease } from '../releases/test-support';\nexport { makeRelease };\n";
    expect(await boundaryErrors('features/users/example.test.ts', code)).toEqual([]);
    expect(await boundaryErrors('features/users/example.ts', code)).toContainEqual(
      expect.stringContaining('Test support is for tests only'),
    );
  });
});
