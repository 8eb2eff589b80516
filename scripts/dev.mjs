#!/usr/bin/env node
// `npm run dev`: the server with `tsx watch` on port 3000 and Vite's dev server on port 5173 (which
// proxies /api, /dev and /socket.io to 3000), together, each line prefixed; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'node_modules', '.bin');
// Settings from .env (see .env.example), as `npm start` reads them; the shell's own variables win.
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));
const WEB_ORIGIN = 'http://localhost:5173';
const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  FORCE_COLOR: '1',
  // Where members' browsers reach the app: payment callbacks and the card page's way back come
  // through Vite's proxy to the server (the server never takes it from a request's Host header).
  PUBLIC_URL: process.env.PUBLIC_URL ?? WEB_ORIGIN,
};
const color = process.stdout.isTTY ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;

const processes = [
  {
    name: 'server',
    color: 36,
    command: 'tsx',
    args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    cwd: ROOT,
  },
  {
    name: 'web',
    color: 35,
    command: 'vite',
    args: ['--port', '5173', '--strictPort'],
    cwd: path.join(ROOT, 'apps', 'web'),
  },
];

const children = [];
let stopping = false;
let exitCode = 0;

function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // Whatever does not stop within 15 s is ended.
  setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(1);
  }, 15_000).unref();
}

for (const spec of processes) {
  const prefix = color(spec.color, `[${spec.name}]`.padEnd(9));
  // Each child in its own process group: Ctrl-C reaches this script only, which stops each child once.
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on('line', (text) => process.stdout.write(`${prefix} ${text}\n`));
  }
  child.on('error', (error) => {
    process.stdout.write(`${prefix} cannot start ${spec.command}: ${error.message}\n`);
    stopAll();
  });
  child.on('exit', (code, signal) => {
    process.stdout.write(`${prefix} exited (${signal ?? `code ${code}`})\n`);
    if (!stopping) exitCode = code || 1; // stopped by itself: a crash or a port in use
    stopAll();
    if (children.every((other) => other.exitCode !== null || other.signalCode !== null))
      process.exit(exitCode);
  });
  children.push(child);
}

console.log(
  `Motema dev: web app at ${color(1, WEB_ORIGIN)} (hot reload), API at http://localhost:3000, mail at ${WEB_ORIGIN}/dev/mailbox. Ctrl-C stops both.`,
);
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
