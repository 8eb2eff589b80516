import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.ts';
import { connectDatabase, migrateDatabase, type Db } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import { createSmtpMailer, type Mailer } from '../lib/mailer.ts';
import { createOutboxMailer, createOutboxSms } from '../features/dev/outbox-mailer.ts';
import { createLocalStorage, type MediaStorage } from '../lib/storage.ts';
import type { EncodeBudget } from '../features/media/encode-budget.ts';
import { workMediaEncoding, workMediaTranscoding } from '../features/media/media-encoders.ts';
import { resolveFfmpegTools } from '../lib/ffmpeg-tools.ts';
import { startMediaWorker, type MediaWorker } from '../media-worker/supervisor.ts';
import type { TlsCredentials } from '../lib/tls.ts';
import type { FeatureModule } from '../modules/feature-module.ts';
import { createTestDatabase } from './test-database.ts';
import { createFlexpayProvider } from '../features/money/providers/flexpay-provider.ts';
import { UNREACHABLE_FLEXPAY, type TestFlexpay } from './flexpay-sim.ts';

export type TestApp = {
  app: App;
  db: Db;
  databaseUrl: string;
  /** The app's job queue (pg-boss on this app's database). */
  jobs: JobQueue;
  /** Media files: local disk in a temporary folder of this app's own, removed by `close()`. */
  storage: MediaStorage;
  mediaDir: string;
  /** The media worker process, with `mediaWorker: 'process'`. */
  mediaWorker: MediaWorker | undefined;
  /** Listens on a random port (for real Socket.IO clients) and returns the base URL (https with `tls`). */
  listen: () => Promise<string>;
  close: () => Promise<void>;
};

/**
 * The real app on a database of its own. Mail goes to the outbox, or over SMTP to `smtpUrl`
 * (a real `smtp-server` started by the test, see smtp-inbox.ts). With `tls` (self-signed-certificate.ts)
 * it serves HTTP/2 and HTTP/1.1 over TLS, as main.ts does given TLS_CERT_FILE and TLS_KEY_FILE.
 * Uploads are encoded through the real queue by the media worker's handlers, in this process;
 * `mediaWorker: 'process'` starts the real worker process instead (media-worker/supervisor.ts).
 * In this process, `transcodes: 'paused'` leaves the transcode queue unworked (the test works it when
 * it has sent what it needs), and `transcodeBudget` replaces what an encode may cost.
 */
export async function buildTestApp(
  options: {
    smtpUrl?: string;
    env?: Record<string, string>;
    tls?: TlsCredentials;
    mediaWorker?: 'in-process' | 'process';
    transcodes?: 'worked' | 'paused';
    transcodeBudget?: EncodeBudget;
    /** The FlexPay to pay through: a simulator's (startTestFlexpaySim in flexpay-sim.ts); by default one that never answers. */
    flexpay?: TestFlexpay;
    /**
     * An empty database of the test's own (a restartable one: restartable-postgres.ts), migrated here
     * and left in place by `close()`; by default a fresh copy of the run's migrated template.
     */
    databaseUrl?: string;
    /** The features plugged in, when a test adds one (modules/index.ts's by default). */
    modules?: readonly FeatureModule[];
  } = {},
): Promise<TestApp> {
  const database = options.databaseUrl
    ? await migratedDatabase(options.databaseUrl)
    : await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const jobs = await startJobQueue(database.url, () => {});
  const mailer: Mailer = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, env.MAIL_FROM)
    : createOutboxMailer(database.db, () => {});
  const sms = createOutboxSms(database.db, () => {});
  // The worker process finds the files where main.ts's would: DATA_DIR/media.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-media-'));
  const mediaDir = path.join(dataDir, 'media');
  await mkdir(mediaDir);
  const storage = createLocalStorage(mediaDir);
  const flexpay = options.flexpay ?? UNREACHABLE_FLEXPAY;
  const paymentProvider = createFlexpayProvider(flexpay);
  const app = await buildApp(
    { env, db: database.db, jobs, mailer, sms, storage, paymentProvider, flexpaySim: flexpay.sim },
    { logger: false, tls: options.tls, modules: options.modules },
  );
  await app.ready();
  let mediaWorker: MediaWorker | undefined;
  if (options.mediaWorker === 'process') {
    mediaWorker = startMediaWorker({
      databaseUrl: database.url,
      jobs,
      log: { info: () => {}, error: () => {} },
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    });
    await mediaWorker.ready();
  } else {
    await workMediaEncoding(jobs, storage, { concurrency: 1 });
    if (options.transcodes !== 'paused') {
      const tools = resolveFfmpegTools(env);
      await workMediaTranscoding(jobs, { db: database.db, storage, tools, budget: options.transcodeBudget });
    }
  }
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    jobs,
    storage,
    mediaDir,
    mediaWorker,
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      await mediaWorker?.stop();
      await jobs.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app's connection to a database given by the test, migrated (as main.ts does at start). */
async function migratedDatabase(url: string) {
  const database = connectDatabase(url, { max: 10 });
  await migrateDatabase(database.db);
  return { ...database, url };
}
