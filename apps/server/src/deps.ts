import type { AppEventPort } from './app-events.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer, SmsSender } from './lib/mailer.ts';
import type { RedisConnection } from './lib/redis.ts';
import type { MediaStorage } from './lib/storage.ts';

/** What the app is built from: main.ts makes the real ones, tests make their own. */
export type AppDeps = {
  env: Env;
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  sms: SmsSender;
  storage: MediaStorage;
  /** Set with REDIS_URL: Socket.IO adapter and rate limits shared by every node. */
  redis?: RedisConnection;
  /** What happened, told after each commit to the subscribers app.ts registers (app-events.ts). */
  events: AppEventPort;
};

/** What main.ts and the tests give buildApp: it makes the event port itself, reporting to its log. */
export type AppInputs = Omit<AppDeps, 'events'>;
