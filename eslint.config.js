// ESLint flat config: recommended rules, typescript-eslint (syntax only, to stay fast; type-aware in
// billing), React hooks for the web app, and the house rules of ARCHITECTURE.md section 3 and
// docs/architecture.md: layers, feature boundaries, where Drizzle and process.env may be used, sizes.
// eslint-rules.test.ts plants a violation of each rule and checks that the lint fails on it.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { houseImports } from './eslint/house-imports.js';

/** A forbidden import: any specifier matching `regex` fails the lint with `message`. */
const forbid = (regex, message, options = {}) => ({ regex, message, ...options });
const restrict = (files, patterns, ignores = []) => ({ files, ignores, patterns });

const SERVER = 'apps/server/src';
/** Server code that ships: not tests, not their helpers, not the seeding tool. */
const SERVER_TESTS = [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`, `${SERVER}/seed/**`];
/**
 * What another feature may import of a feature: its use cases, its presenters, its policies, and the
 * ports money lends the features that move money (the payment provider's, an operation kind's:
 * docs/decisions/0043).
 */
const FEATURE_SURFACE = [
  '**/*.service.ts',
  '**/*.presenter.ts',
  '**/*.policy.ts',
  'providers/payment-provider.ts',
  'operations/operation-kind.ts',
];

/** What the web reaches of the device only in apps/web/src/lib/platform/ (decision 0038). */
const WEB_PLATFORM_MESSAGE =
  'The device is reached through lib/platform/ (storage through lib/device-record.ts), never directly.';
const WEB_PLATFORM_GLOBALS = ['localStorage', 'sessionStorage', 'Notification', 'PushManager'].map(
  (name) => ({ name, message: WEB_PLATFORM_MESSAGE }),
);
const WEB_PLATFORM_PROPERTIES = [
  ...['serviceWorker', 'permissions', 'geolocation'].map((property) => ({ object: 'navigator', property })),
  ...['localStorage', 'sessionStorage', 'Notification', 'PushManager'].map((property) => ({
    object: 'window',
    property,
  })),
].map((rule) => ({ ...rule, message: WEB_PLATFORM_MESSAGE }));
const WEB_PLATFORM_NAMES = 'serviceWorker|permissions|geolocation|localStorage|Notification|PushManager';
const WEB = 'apps/web/src';
/** Web tests and their helpers may use another feature's fixtures and internals. */
const WEB_TESTS = [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/**/*-fixtures.{ts,tsx}`, `${WEB}/test/**`];
/**
 * What another web feature may import of a feature (decision 0036): its `*.api.ts` (its data) and
 * the components and helpers it lends, listed here per feature (paths inside its folder).
 */
const WEB_FEATURE_SURFACE = {
  // payment-required.ts: chat's send, chat start and a story reply open the paywall's dialog on a 402.
  // money.ts: the partnership's balances and withdrawals are written as payments are.
  billing: ['payment-required.ts', 'money.ts'],
  discovery: ['near-section.tsx'],
  // photo-precheck.ts: a zone's cover photo is checked as every photo is before it is sent.
  media: [
    'avatar-chooser.tsx',
    'avatar-prompt.tsx',
    'avatar-sheet.tsx',
    'photo-gallery.tsx',
    'photo-precheck.ts',
  ],
  // push-device.ts: logging out ends web push on the device.
  notifications: ['push/push-device.ts'],
  safety: ['profile-safety-menu.tsx', 'use-safety-actions.tsx'],
};

/** Who may import what. A file gets every row whose globs match it (eslint/house-imports.js). */
const IMPORT_RESTRICTIONS = [
  // Calls go route -> service -> repository, never upward.
  restrict(
    [`${SERVER}/**/*.routes.ts`],
    [forbid('\\.repository(\\.ts)?$', 'Routes call services; only services use repositories.')],
  ),
  restrict(
    [`${SERVER}/**/*.repository.ts`],
    [
      forbid('\\.service(\\.ts)?$', 'Repositories hold queries only; they never call services.'),
      forbid('\\.routes(\\.ts)?$', 'Repositories never import routes.'),
    ],
  ),
  restrict(
    [`${SERVER}/**/*.service.ts`],
    [
      forbid('\\.routes(\\.ts)?$', 'Services never import routes.'),
      forbid('^fastify(/|$)|^@fastify/|^fastify-', 'Services know nothing of Fastify: keep HTTP in routes.'),
      forbid(
        '\\.presenter(\\.ts)?$',
        'Services return domain values; routes and realtime emitters present them.',
        { allowTypeImports: true },
      ),
    ],
  ),
  // Sockets are reached only from a feature's *-realtime.ts (client events) and *-emitters.ts (the
  // event port's subscribers that emit): services and the rest emit on deps.events after the commit.
  // A feature's *.module.ts plugs those in (decision 0033).
  restrict(
    [`${SERVER}/features/**/*.ts`],
    [
      forbid(
        '(^|/)realtime/|-realtime(\\.ts)?$|-emitters(\\.ts)?$|^socket\\.io(/|$)',
        'Only *-realtime.ts and *-emitters.ts reach the sockets; emit on deps.events after the commit.',
      ),
    ],
    [
      `${SERVER}/features/**/*-realtime.ts`,
      `${SERVER}/features/**/*-emitters.ts`,
      `${SERVER}/features/*/*.module.ts`,
      ...SERVER_TESTS,
    ],
  ),
  // Drizzle runs only in repositories, SQL policies and db/ (row types may be imported anywhere).
  restrict(
    [`${SERVER}/**/*.ts`],
    [
      // Its types may be named anywhere (the notification port types the SQL its contributions give).
      forbid('^drizzle-orm(/|$)', 'Drizzle runs only in *.repository.ts, *.policy.ts and db/.', {
        allowTypeImports: true,
      }),
      forbid(
        '(^|/)db/schema(\\.ts|/)',
        'Tables are queried only in *.repository.ts, *.policy.ts and db/; import their row types with `import type`.',
        { allowTypeImports: true },
      ),
    ],
    [`${SERVER}/**/*.repository.ts`, `${SERVER}/**/*.policy.ts`, `${SERVER}/db/**`, ...SERVER_TESTS],
  ),
  // lib/ is framework-free: plain helpers that any layer may use.
  restrict(
    [`${SERVER}/lib/**`],
    [
      forbid(
        '^fastify(/|$)|^@fastify/|^fastify-|^socket\\.io(/|$)',
        'lib/ is framework-free: Fastify belongs in plugins/ and routes, Socket.IO in realtime/.',
      ),
      forbid('(^|/)(features|plugins|realtime)/', 'lib/ imports no feature, plugin or realtime code.'),
    ],
    [`${SERVER}/lib/**/*.test.ts`],
  ),
  restrict(
    [`${WEB}/lib/**`],
    [
      forbid(
        '(^|/)features/',
        'lib/ imports no feature: features plug into the app through app-features.ts.',
      ),
    ],
    WEB_TESTS,
  ),
  // The native shell's parts load in the shell only, by lib/platform/start.ts's dynamic import
  // (docs/decisions/0048): imported statically, they would be in the web app's files.
  restrict(
    [`${WEB}/**`],
    [
      forbid(
        '^@capacitor/|^@aparajita/capacitor-|(^|/)platform/native/|^\\./native/',
        'The native shell’s parts are loaded by a dynamic import in lib/platform/start.ts only (decision 0048).',
        { allowTypeImports: true, allowDynamicImports: true },
      ),
    ],
    [`${WEB}/lib/platform/native/**`, ...WEB_TESTS],
  ),
  restrict(
    [`${WEB}/ui/**`],
    [forbid('(^|/)features/', 'ui/ holds shared presentational pieces and never imports features/.')],
  ),
  restrict(
    ['packages/shared/**/*.ts'],
    [forbid('^(?!zod(/|$)|\\./)', 'packages/shared imports nothing but zod and its own files.')],
    // Tests and their helpers (`*-fixtures.ts`) may import vitest and fast-check.
    ['packages/shared/**/*.test.ts', 'packages/shared/**/*-fixtures.ts', 'packages/shared/*.config.ts'],
  ),
];

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/dist-server/',
    '**/node_modules/',
    '**/data/',
    '**/.test-data/',
    '**/coverage/',
    'apps/server/src/db/migrations/',
    'e2e/results/',
    'bench/results/',
    // The native projects of the mobile app, and the web build `cap sync` copies into them.
    'apps/mobile/android/',
    'apps/mobile/ios/',
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
      'packages/flexpay-sim/**',
      'packages/push-sim/**',
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

  // Import restrictions (ARCHITECTURE.md section 3, docs/architecture.md): one table, one rule.
  {
    plugins: { house: houseImports },
    rules: { 'house/restricted-imports': ['error', IMPORT_RESTRICTIONS] },
  },
  // One reader of the environment, so every setting is parsed, defaulted and listed in one place.
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/env.ts`, ...SERVER_TESTS],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from env.ts (deps.env), the only reader of process.env.',
        },
      ],
    },
  },
  // The web reaches the device only through lib/platform/ (decision 0038): a native build replaces
  // its implementations, features never learn which platform they run on. Tests stage the browser.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/platform/**',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/**/*-fixtures.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-globals': ['error', ...WEB_PLATFORM_GLOBALS],
      'no-restricted-properties': ['error', ...WEB_PLATFORM_PROPERTIES],
      'no-restricted-syntax': [
        'error',
        {
          selector: `BinaryExpression[operator='in'][left.value=/^(${WEB_PLATFORM_NAMES})$/]`,
          message: WEB_PLATFORM_MESSAGE,
        },
        {
          selector:
            "CallExpression[callee.object.name='form'][callee.property.name='onSubmit'][arguments.length=1]",
          message:
            'Give form.onSubmit a second argument, focusFirstErrorOf (lib/focus-first-error.ts): a refused submit puts the focus on the first field in error, not on the button.',
        },
      ],
    },
  },
  // Features reach each other only through a service, a presenter or a policy (docs/decisions/0015).
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [{ type: 'feature', pattern: `${SERVER}/features/*`, capture: ['feature'] }],
      'boundaries/include': [`${SERVER}/**/*.ts`],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: { type: 'feature', captured: { feature: '!{{from.element.captured.feature}}' } },
                },
              },
              message:
                'A feature reaches another only through its *.service.ts, *.presenter.ts or *.policy.ts.',
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{from.element.captured.feature}}' },
                    internalPath: FEATURE_SURFACE,
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },

  // Type-aware rules where a forgotten promise or a missed case costs money: billing and money
  // (decision 0039). They read the types through TypeScript's project service, which costs time: only these files.
  {
    files: [`${SERVER}/features/billing/**/*.ts`, `${SERVER}/features/money/**/*.ts`],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  // Web features meet only through an *.api.ts or what a feature lends (WEB_FEATURE_SURFACE); routes,
  // hosts and tabs are composed by app-features.ts (docs/decisions/0036).
  {
    files: [`${WEB}/features/**/*.{ts,tsx}`],
    ignores: WEB_TESTS,
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [{ type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'] }],
      'boundaries/include': [`${WEB}/**/*.{ts,tsx}`],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{from.element.captured.feature}}' },
                  },
                },
              },
              message:
                'A web feature reaches another only through its *.api.ts or what it lends (WEB_FEATURE_SURFACE in eslint.config.js).',
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', internalPath: '**/*.api.ts' } } },
            },
            ...Object.entries(WEB_FEATURE_SURFACE).map(([feature, files]) => ({
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', captured: { feature }, internalPath: files } } },
            })),
          ],
        },
      ],
    },
  },
  // Files stay small (ARCHITECTURE.md section 3); components stay readable. A test file may grow to
  // 600 lines, so that tests sharing one set-up stay in one file (docs/decisions/0039).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.config.{js,mjs,cjs,ts}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
]);
