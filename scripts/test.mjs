#!/usr/bin/env node
// `npm test`: everything CI checks, in order, failing fast. Steps: secret scan
// (scripts/secret-scan.mjs), lint, typecheck, Vitest's fast tier (unit and route tests), its slow
// tier (processes, crashes, timing, ffmpeg, models, two nodes: decision 0039), web build, bundle
// budgets (bar B5, apps/web/build/critical-path.ts), the mobile app's `cap sync` of that build
// (apps/mobile: docs/mobile-app.md), end to end (e2e/run.mjs). Ends with a summary whose last line is `N passed, M failed` (Vitest tests, budget
// checks and end-to-end checks, both tiers counted). Before the Vitest steps, Debian's
// redis-server (the two-node tests start a real one) and ffmpeg (the media worker's maintained
// ffmpeg, decision 0031) are installed with apt-get when missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitestCounts } from './vitest-counts.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'node_modules', '.bin');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'motema');
const VITEST_JSON = path.join(CACHE, 'vitest-results.json');
const VITEST_SLOW_JSON = path.join(CACHE, 'vitest-slow-results.json');
const E2E_SUMMARY = path.join(ROOT, 'e2e', 'results', 'summary.json');
const BUDGETS_JSON = path.join(CACHE, 'budgets.json');

/** Vitest on the projects matching `projects` (a tier: vitest.config.ts), its report in `json`. */
const vitestTier = (projects, json) => [
  'vitest',
  'run',
  `--project=${projects}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${json}`,
];

// node_modules/.bin first: tools (and their `#!/usr/bin/env node`) use the pinned Node 24.
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };

const steps = [
  {
    name: 'secrets',
    title: 'Secret scan: no credential in a tracked file (P16)',
    commands: [['node', 'scripts/secret-scan.mjs']],
  },
  {
    name: 'lint',
    title: 'Lint: ESLint and Prettier',
    commands: [
      ['eslint', '.'],
      ['prettier', '--check', '.'],
    ],
  },
  {
    name: 'typecheck',
    title: 'Typecheck: tsc -b',
    commands: [['tsc', '-b', 'packages/shared', 'apps/server', 'apps/web', 'apps/mobile', 'e2e', 'bench']],
  },
  {
    name: 'unit',
    title: 'Unit and route tests, the fast tier: Vitest (shared, server, web), npm run test:unit',
    prepare: ensureTestPackages,
    counts: () => readVitestCounts(VITEST_JSON),
    commands: [vitestTier('!slow-*', VITEST_JSON)],
  },
  {
    name: 'slow',
    title: 'Processes, crashes, timing, ffmpeg, models, two nodes, the slow tier: npm run test:slow',
    prepare: ensureTestPackages,
    counts: () => readVitestCounts(VITEST_SLOW_JSON),
    commands: [vitestTier('slow-*', VITEST_SLOW_JSON)],
  },
  { name: 'build', title: 'Web build: npm run build', commands: [['npm', 'run', 'build']] },
  {
    name: 'budgets',
    title: 'Bundle budgets (bar B5): brotli bytes of apps/web/dist',
    counts: () => readCounts(BUDGETS_JSON, 'passed', 'failed'),
    commands: [
      [
        'node',
        '--import',
        'tsx',
        'apps/web/build/critical-path.ts',
        'apps/web/dist',
        '--summary',
        BUDGETS_JSON,
      ],
    ],
  },
  {
    name: 'mobile',
    title: 'Mobile app: cap sync copies the web build into Android and iOS (apps/mobile, no SDK needed)',
    commands: [['npm', 'run', 'mobile:sync']],
  },
  {
    name: 'e2e',
    title: 'End to end: e2e/run.mjs (real server, Chromium)',
    counts: () => readCounts(E2E_SUMMARY, 'passed', 'failed'),
    commands: [['node', 'e2e/run.mjs']],
  },
];

/**
 * Debian's packages the Vitest step needs: redis-server (the server tests start one on a port of their
 * own: two server nodes joined by Redis) and ffmpeg (the maintained ffmpeg and ffprobe the media
 * worker prefers to the npm build: decision 0031; the transcode tests run the one the server would).
 */
function ensureTestPackages() {
  return (
    ensureDebianPackage('redis-server', ['redis-server', '--version']) ||
    ensureDebianPackage('ffmpeg', ['ffmpeg', '-version'], { required: false })
  );
}

/**
 * Debian's package `name`, installed with apt-get when `check` cannot be run, as root or through
 * password-less sudo, without a question (CI has no standard input). Returns an exit code: 0 when
 * a package not `required` cannot be installed (the tests then run without it: for ffmpeg, npm's).
 */
function ensureDebianPackage(name, check, { required = true } = {}) {
  const installed = () => spawnSync(check[0], check.slice(1), { stdio: 'ignore' }).status === 0;
  if (installed()) return 0;
  const root = process.getuid?.() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!root && !sudo) {
    console.error(
      `${name} is missing and cannot be installed without root: run "sudo apt-get install -y ${name}"${required ? ' and run again' : ''}.`,
    );
    return required ? 1 : 0;
  }
  console.log(`${name} is missing: installing Debian's ${name} package with apt-get...`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', name]]) {
    const [command, commandArgs] = root
      ? ['apt-get', args]
      : ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
    const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], env: aptEnv });
    if (result.status !== 0) {
      console.error(
        `"apt-get ${args.join(' ')}" failed (${result.error?.message ?? `exit ${result.status}`}).`,
      );
      return required ? 1 : 0;
    }
  }
  if (!installed()) {
    console.error(`apt-get installed ${name} but it still cannot be run.`);
    return 1;
  }
  console.log(`${name} installed.`);
  return 0;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const line = '='.repeat(78);

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readVitestCounts(file) {
  try {
    return vitestCounts(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

function readCounts(file, passedKey, failedKey) {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: Number(data[passedKey]) || 0, failed: Number(data[failedKey]) || 0 };
  } catch {
    return null;
  }
}

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`Note: this is Node ${process.version}; run "npm test" so that the pinned Node 24 is used.`);
}
mkdirSync(CACHE, { recursive: true });
rmSync(VITEST_JSON, { force: true });
rmSync(VITEST_SLOW_JSON, { force: true });
rmSync(E2E_SUMMARY, { force: true });
rmSync(BUDGETS_JSON, { force: true });

const results = [];
let failedStep = null;
const begin = Date.now();
for (const step of steps) {
  console.log(`\n${line}\n== ${step.title}\n${line}`);
  const started = Date.now();
  let code = step.prepare ? step.prepare() : 0;
  for (const command of code === 0 ? step.commands : []) {
    console.log(`$ ${command.join(' ')}`);
    code = await run(command);
    if (code !== 0) break;
  }
  // A runner that counted a failed test fails its step, whatever its exit code (Vitest has been seen
  // to exit 0 after a failed test when an unhandled error came from another file).
  const counted = step.counts?.();
  if (code === 0 && counted && counted.failed > 0) {
    console.error(`${step.name}: ${counted.failed} failed although the command exited 0.`);
    code = 1;
  }
  results.push({ step, ms: Date.now() - started, ok: code === 0 });
  if (code !== 0) {
    failedStep = step;
    break;
  }
}

const fast = readVitestCounts(VITEST_JSON);
const slow = readVitestCounts(VITEST_SLOW_JSON);
const vitest =
  fast || slow
    ? {
        passed: (fast?.passed ?? 0) + (slow?.passed ?? 0),
        failed: (fast?.failed ?? 0) + (slow?.failed ?? 0),
      }
    : null;
const e2e = existsSync(E2E_SUMMARY) ? readCounts(E2E_SUMMARY, 'passed', 'failed') : null;
const budgets = existsSync(BUDGETS_JSON) ? readCounts(BUDGETS_JSON, 'passed', 'failed') : null;
const passed = (vitest?.passed ?? 0) + (budgets?.passed ?? 0) + (e2e?.passed ?? 0);
let failed = (vitest?.failed ?? 0) + (budgets?.failed ?? 0) + (e2e?.failed ?? 0);
// A failed step that counted no failed test (lint, typecheck, build, a crash) still counts as one failure.
if (failedStep && failed === 0) failed = 1;

console.log(`\n${line}\n== Summary\n${line}`);
for (const { step, ms, ok } of results)
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${step.name.padEnd(10)} ${seconds(ms).padStart(8)}`);
for (const step of steps.slice(results.length)) console.log(`  skip  ${step.name}`);
if (fast) console.log(`  unit and route (fast tier): ${fast.passed} passed, ${fast.failed} failed (Vitest)`);
if (slow) console.log(`  slow tier: ${slow.passed} passed, ${slow.failed} failed (Vitest)`);
if (budgets) console.log(`  bundle budgets (B5): ${budgets.passed} passed, ${budgets.failed} failed`);
if (e2e) console.log(`  end to end: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`  total time ${seconds(Date.now() - begin)}`);
if (failedStep) console.log(`\nnpm test FAILED at step "${failedStep.name}" (${failedStep.title}).`);
else console.log('\nnpm test passed: every step is green.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
