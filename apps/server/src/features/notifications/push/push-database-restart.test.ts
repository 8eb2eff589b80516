// @slow-tier restarts the database under the push worker.
import { startPushService } from '@motema/push-sim';
import type { PushPayload } from '@motema/shared/notifications';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { chatPair, sent, textMessage } from '../../../test/chat-factories.ts';
import { createProfile, rate } from '../../../test/discovery-factories.ts';
import { asMember, waitFor } from '../../../test/factories.ts';
import { pushServiceEnv, subscribeDevice, type PushService } from '../../../test/push-service.ts';
import { startRestartablePostgres, type RestartablePostgres } from '../../../test/restartable-postgres.ts';
import { socketClients } from '../../../test/socket-test-bed.ts';

/** Generous: the database's crash recovery, the retries' backoff, the job's 3 s wait, the worker's poll. */
const PUSH_AFTER_RESTART_MS = 45_000;

/** Whether a query reading push_tokens waits for a lock (the one `locker` holds). */
async function pushTokensReadWaiting(locker: pg.Client): Promise<true | undefined> {
  // Inside a transaction, the activity is otherwise read once and kept.
  await locker.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await locker.query(
    `SELECT 1 FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query ILIKE '%push_tokens%'`,
  );
  return rows.length > 0 || undefined;
}

/**
 * What `act` stores is committed, then its push job is sent after a read of who has a device (for
 * messages, after they gathered a moment: message-push-batch.ts). That read waits behind a lock the
 * test holds when the database crashes (`pg_ctl restart -m immediate`, every connection cut): the job
 * is due exactly while the database is away. Resolves with what `act` resolved with.
 */
async function crashWhilePushIsDue<T>(postgres: RestartablePostgres, act: () => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: postgres.url });
  // The crash cuts this connection too.
  locker.on('error', () => {});
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE push_tokens IN ACCESS EXCLUSIVE MODE');
    const acted = act();
    await waitFor(() => pushTokensReadWaiting(locker), 'the read of who has a device, waiting');
    await postgres.restart();
    return await acted;
  } finally {
    await locker.end().catch(() => undefined);
  }
}

describe('pushes across a database restart', () => {
  let postgres: RestartablePostgres;
  let service: PushService;
  let t: TestApp;
  let url: string;
  const sockets = socketClients();

  beforeAll(async () => {
    postgres = await startRestartablePostgres('motema_push');
    service = await startPushService();
    t = await buildTestApp({ env: pushServiceEnv(service), databaseUrl: postgres.url });
    url = await t.listen();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await service?.close();
    await postgres?.dispose();
  });

  it('a message stored just before the crash reaches the device once the database is back', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const device = await subscribeDevice(t, service, a.cookie);
    const socket = await sockets.open(url, b.cookie);

    // Stored and acknowledged (the send never reads push tokens), then the crash.
    await crashWhilePushIsDue(postgres, () =>
      sent(socket, textMessage(conversationId, 'Mbote! Tokutana lobi?')),
    );

    const push = await service.next(device.endpoint, PUSH_AFTER_RESTART_MS);
    expect(JSON.parse(push.payload) as PushPayload).toMatchObject({
      kind: 'message',
      body: 'Mbote! Tokutana lobi?',
      url: `/messages/${conversationId}`,
      count: 1,
    });
  }, 120_000);

  it('a like given just before the crash reaches the device once the database is back', async () => {
    const rated = await createProfile(t);
    const device = await subscribeDevice(t, service, rated.cookie);
    const chose = await asMember(t, rated.cookie)('PUT', '/api/notifications/settings', { push: ['like'] });
    expect(chose.statusCode).toBe(200);
    const rater = await createProfile(t, { firstName: 'Amani' });

    // The rating is committed before its subscribers run: answered 200 whatever they met.
    const rated200 = await crashWhilePushIsDue(postgres, () => rate(t, rater, rated, 5));
    expect(rated200.statusCode).toBe(200);

    const push = await service.next(device.endpoint, PUSH_AFTER_RESTART_MS);
    expect(JSON.parse(push.payload) as PushPayload).toMatchObject({
      kind: 'like',
      url: `/profile/${rater.user.id}`,
    });
  }, 120_000);
});
