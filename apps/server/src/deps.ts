import type { AppEventPort } from './app-events.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer, SmsSender } from './lib/mailer.ts';
import type { RedisConnection } from './lib/redis.ts';
import type { MediaStorage } from './lib/storage.ts';
import type { FlexpaySim } from '@motema/flexpay-sim';
import type { PaymentProvider } from './features/money/providers/payment-provider.ts';
import type { AccountHook } from './account-hooks-port.ts';
import type { PaymentHook } from './payment-hooks-port.ts';
import type { ModerationSubject } from './moderation-subjects-port.ts';

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
  /** FlexPay (features/money/providers/flexpay-provider.ts): the real one, or the local simulator. */
  paymentProvider: PaymentProvider;
  /** Outside production, the local FlexPay simulator the provider talks to, if this process started it (/dev/payments). */
  flexpaySim?: Pick<FlexpaySim, 'control' | 'origin'>;
  /** What happened, told after each commit to the subscribers the feature modules register (app-events.ts). */
  events: AppEventPort;
  /** What the features do when a payment settles or is refunded, from their modules (payment-hooks-port.ts). */
  paymentHooks: readonly PaymentHook[];
  /** What the features do when an account is created or deleted, from their modules (account-hooks-port.ts). */
  accountHooks: readonly AccountHook[];
  /** The moderation cases' subjects, each from the feature that owns it (moderation-subjects-port.ts). */
  moderationSubjects: readonly ModerationSubject[];
};

/** What main.ts and the tests give buildApp: it makes the event port and gathers the hooks itself. */
export type AppInputs = Omit<AppDeps, 'events' | 'paymentHooks' | 'accountHooks' | 'moderationSubjects'>;
