// ESLint flat config: recommended rules, typescript-eslint (syntax only, to stay fast),
// React hooks for the web app, and the import boundaries of ARCHITECTURE.md section 3.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import boundary: any import whose specifier matches `regex` fails the lint with `message`. */
const forbid = (regex, message) => ({ regex, message });

const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/data/',
    '**/.test-data/',
    '**/coverage/',
    'apps/server/src/db/migrations/',
    'e2e/results/',
    'bench/results/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // Node code: the server, the shared package, tooling, the end-to-end harness, configs.
  {
    files: [
      'apps/server/**',
      'packages/shared/**',
      '**/scripts/**',
      'e2e/**',
      'bench/**',
      '*.{js,mjs,ts}',
      '**/*.config.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },

  // The web app: browser globals and the rules of hooks.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Import boundaries (ARCHITECTURE.md section 3). Calls go route -> service -> repository, never upward.
  boundary(
    ['apps/server/src/**/*.routes.ts'],
    [forbid('\\.repository(\\.ts)?$', 'Routes call services; only services use repositories.')],
  ),
  boundary(
    ['apps/server/src/**/*.repository.ts'],
    [
      forbid('\\.service(\\.ts)?$', 'Repositories hold queries only; they never call services.'),
      forbid('\\.routes(\\.ts)?$', 'Repositories never import routes.'),
    ],
  ),
  boundary(
    ['apps/server/src/**/*.service.ts'],
    [
      forbid('\\.routes(\\.ts)?$', 'Services never import routes.'),
      forbid('^fastify(/|$)|^@fastify/|^fastify-', 'Services know nothing of Fastify: keep HTTP in routes.'),
    ],
  ),
  boundary(
    ['apps/web/src/ui/**'],
    [forbid('(^|/)features/', 'ui/ holds shared presentational pieces and never imports features/.')],
  ),
  boundary(
    ['packages/shared/**/*.ts'],
    [forbid('^(?!zod(/|$)|\\./)', 'packages/shared imports nothing but zod and its own files.')],
    // Tests and their helpers (`*-fixtures.ts`) may import vitest and fast-check.
    ['packages/shared/**/*.test.ts', 'packages/shared/**/*-fixtures.ts', 'packages/shared/*.config.ts'],
  ),
]);
