/**
 * B11's server node (lives.bench.ts starts it as a child process, on a core of its own when it can):
 * the real app (buildApp: routes, sockets, the lives module and its encoder host) on the bench's
 * database, listening on PORT, whose lives the bench opens by a line on stdin (`open <liveId>
 * <audio|video>`, `close <liveId>`): the lives service that opens them on POST /api/lives is the lives
 * feature's core, not the media's. `stats` prints this node's event-loop delay (p50/p99 ms) since the
 * last `stats`, and its encoders' process ids: whether the server keeps its pace while lives encode.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { buildApp } from '../apps/server/src/app.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createOutboxMailer, createOutboxSms } from '../apps/server/src/features/dev/outbox-mailer.ts';
import { liveMediaOf } from '../apps/server/src/features/lives/media/live-media-node.ts';
import { createFlexpayProvider } from '../apps/server/src/features/money/providers/flexpay-provider.ts';
import { startJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createMediaStorage } from '../apps/server/src/lib/storage.ts';
import { UNREACHABLE_FLEXPAY } from '../apps/server/src/test/flexpay-sim.ts';

const env = parseEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
const database = connectDatabase(process.env.DATABASE_URL!);
const jobs = await startJobQueue(process.env.DATABASE_URL!, () => {});
const app = await buildApp(
  {
    env,
    db: database.db,
    jobs,
    mailer: createOutboxMailer(database.db, () => {}),
    sms: createOutboxSms(database.db, () => {}),
    storage: createMediaStorage(env),
    paymentProvider: createFlexpayProvider(UNREACHABLE_FLEXPAY),
  },
  { logger: false },
);
await app.listen({ host: '127.0.0.1', port: env.PORT });
const media = liveMediaOf(app);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const say = (line: string) => process.stdout.write(`${line}\n`);
say('lives node ready');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, liveId, kind] = line.trim().split(' ');
  try {
    if (command === 'open') {
      await media.open(liveId!, { audioOnly: kind === 'audio' });
      say(`opened ${liveId}`);
    } else if (command === 'close') {
      await media.close(liveId!, { keep: false });
      say(`closed ${liveId}`);
    } else if (command === 'stats') {
      say(`stats ${(delay.percentile(50) / 1e6).toFixed(1)} ${(delay.percentile(99) / 1e6).toFixed(1)}`);
      delay.reset();
    }
  } catch (error) {
    say(`failed ${liveId} ${(error as Error).message}`);
  }
}
