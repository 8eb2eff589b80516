#!/usr/bin/env node
// The secret scan (PAYMENTS.md P16), the first step of `npm test`: fails when a tracked file holds
// what looks like a credential. Public repositories of FlexPay integrations hold live merchant
// tokens; this keeps Motema's out. It reports:
//   - a JWT-like string (`eyJ…` with two dots): FlexPay's merchant tokens are JWTs;
//   - the value of FLEXPAY_TOKEN, as this machine knows it (the environment, and the untracked .env
//     that `npm start` reads), wherever it appears;
//   - a dotenv-style assignment `FLEXPAY_TOKEN=<value>` with a literal value (commented out too),
//     e.g. a committed .env.
// Usage: node scripts/secret-scan.mjs [directory of a git work tree, default the repository].
// Findings name the file and line, never the secret itself. Exit code 1 when anything is found.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const JWT_LIKE = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/;
const TOKEN_ASSIGNMENT = /^\s*(?:#\s*)?(?:export\s+)?FLEXPAY_TOKEN\s*=\s*["']?([^\s"']*)/;
/** The local simulator's development token (packages/flexpay-sim/src/cli.ts) opens nothing real. */
const SIMULATOR_TOKEN = 'flexpay-sim-development-token';
/** Shorter values would match by chance; a real merchant token is a JWT of hundreds of characters. */
const MIN_SECRET_LENGTH = 12;

/** Empty, a reference to another variable, or a placeholder: not a credential. */
const isPlaceholder = (value) =>
  value === '' || value === SIMULATOR_TOKEN || /^[$<]/.test(value) || /^[.*xX…]+$/.test(value);

/** The FLEXPAY_TOKEN values this machine holds: the environment's and the untracked .env's. */
function knownTokens(root, env) {
  const values = [env.FLEXPAY_TOKEN];
  try {
    for (const line of readFileSync(path.join(root, '.env'), 'utf8').split('\n')) {
      values.push(TOKEN_ASSIGNMENT.exec(line)?.[1]);
    }
  } catch {
    // No .env: nothing more to look for.
  }
  return [...new Set(values)].filter(
    (value) => value && !isPlaceholder(value) && value.length >= MIN_SECRET_LENGTH,
  );
}

/** The findings in one file's text: `{ line, what }`. */
export function findSecrets(text, tokens = []) {
  const findings = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (JWT_LIKE.test(content)) findings.push({ line, what: 'a JWT-like string (eyJ…)' });
    const assigned = TOKEN_ASSIGNMENT.exec(content)?.[1];
    if (assigned !== undefined && !isPlaceholder(assigned)) {
      findings.push({ line, what: 'a FLEXPAY_TOKEN assignment with a literal value' });
    }
    if (tokens.some((token) => content.includes(token))) {
      findings.push({ line, what: "this machine's FLEXPAY_TOKEN value" });
    }
  });
  return findings;
}

/** Scans the tracked files of the git work tree at `root`: `{ files, findings: [{ file, line, what }] }`. */
export function scanForSecrets(root, env = process.env) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
  const tokens = knownTokens(root, env);
  const findings = [];
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue; // Deleted in the work tree, not yet in git: nothing there to leak.
    }
    if (bytes.includes(0)) continue; // Binary (images, fonts): no token is written there by hand.
    for (const finding of findSecrets(bytes.toString('utf8'), tokens)) findings.push({ file, ...finding });
  }
  return { files: files.length, findings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const { files, findings } = scanForSecrets(root);
  for (const { file, line, what } of findings) console.error(`${file}:${line}: ${what}`);
  if (findings.length > 0) {
    console.error(
      `Secret scan: ${findings.length} possible secret(s) in ${files} tracked files. Remove them (and rotate any real token); secrets belong in the environment or an untracked .env.`,
    );
    process.exit(1);
  }
  console.log(`Secret scan: no secret in ${files} tracked files.`);
}
