/**
 * The real app with a few routes whose work throws where nobody catches it, the process guards of
 * main.ts installed, for process-guards.test.ts: run as its own process (node --import tsx), with
 * DATABASE_URL set; prints "listening <port>". SIGUSR2 throws outside any request.
 */
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { createOutboxMailer, createOutboxSms } from '../features/dev/outbox-mailer.ts';
import { createLocalStorage } from '../lib/storage.ts';
import { installProcessGuards } from '../process-guards.ts';
import { clientEvent } from '../realtime/client-events.ts';
import { createFlexpayProvider } from '../features/money/providers/flexpay-provider.ts';
import { UNREACHABLE_FLEXPAY } from './flexpay-sim.ts';

const databaseUrl = process.env.DATABASE_URL!;
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', WEB_DIST_DIR: os.tmpdir() });
const database = connectDatabase(databaseUrl, { max: 4 });
const jobs = await startJobQueue(databaseUrl, () => {});
const storageDir = await mkdtemp(path.join(os.tmpdir(), 'motema-stray-'));
// The guards end this process with exit(70): its folder goes as it exits.
process.on('exit', () => rmSync(storageDir, { recursive: true, force: true }));
const storage = createLocalStorage(storageDir);
const deps = {
  env,
  db: database.db,
  jobs,
  mailer: createOutboxMailer(database.db, () => {}),
  sms: createOutboxSms(database.db, () => {}),
  storage,
  paymentProvider: createFlexpayProvider(UNREACHABLE_FLEXPAY),
};
const app = await buildApp(deps, { logger: { level: 'error' } });

const stray = (message: string) => () => {
  throw new Error(message);
};
// A timer that throws, the request left unanswered: the guard answers it 500.
app.get('/stray/timer', () => {
  setTimeout(stray('stray timer'), 0);
  return new Promise(() => {});
});
// An 'error' event nobody listens to (as a database client's lost connection once was).
app.get('/stray/emitter', () => {
  const emitter = new EventEmitter();
  setImmediate(() => emitter.emit('error', new Error('stray emitter')));
  return new Promise(() => {});
});
// A promise rejected with nobody waiting, the request answered all the same.
app.get('/stray/rejection', async () => {
  void Promise.reject(new Error('stray rejection'));
  return { ok: true };
});
app.realtime.io.on(
  'connection',
  clientEvent('events', () => void setTimeout(stray('stray socket timer'), 0), app.log),
);

installProcessGuards(app.log, () => process.exit(70));
process.on('SIGUSR2', stray('stray outside any request'));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
