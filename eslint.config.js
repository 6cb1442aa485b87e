import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The web client's layers: components/ and lib/ → features/ → app/. A
 * feature reaches another feature only through its public entry (index.ts);
 * its tests may also use the other feature's test-support.ts. Test code
 * never reaches production code. See docs/decisions.md.
 */
const WEB = join(import.meta.dirname, 'web/src');
const FEATURES = readdirSync(join(WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webBoundaries = [
  {
    target: [join(WEB, 'components'), join(WEB, 'lib')],
    from: [join(WEB, 'features'), join(WEB, 'app')],
    message: 'components/ and lib/ sit below the features and the app.',
  },
  {
    target: join(WEB, 'lib'),
    from: join(WEB, 'components'),
    message: 'lib/ holds no UI: components/ may use lib/, not the other way.',
  },
  {
    target: join(WEB, 'features'),
    from: join(WEB, 'app'),
    message: 'Features sit below the app: move what they share to lib/ or components/.',
  },
  ...FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature).flatMap((other) => {
      const own = join(WEB, 'features', feature);
      const message = `Import the ${other} feature through its public entry, features/${other}/index.ts.`;
      return [
        {
          target: join(own, '**/!(*.test|test-support).{ts,tsx}'),
          from: join(WEB, 'features', other),
          except: ['./index.ts'],
          message,
        },
        {
          // Tests may also build on the other feature's fixtures and load its pages.
          target: join(own, '**/{*.test.{ts,tsx},test-support.ts}'),
          from: join(WEB, 'features', other),
          except: ['./index.ts', './test-support.ts', './pages'],
          message,
        },
      ];
    }),
  ),
  {
    target: [join(WEB, '*.{ts,tsx}'), join(WEB, '!(test)/**/!(*.test|test-support).{ts,tsx}')],
    from: [join(WEB, '**/test-support.ts'), join(WEB, 'test/**')],
    message: 'Test support is for tests only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Other builds of the server kept to compare with (npm run bench -- compare).
      'server/dist-*/**',
      'data/**',
      'server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
    },
  },
);
