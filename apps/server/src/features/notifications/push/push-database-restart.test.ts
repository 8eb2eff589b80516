import { startPushService } from '@motema/push-sim';
import type { PushPayload } from '@motema/shared/notifications';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { chatPair, sent, textMessage } from '../../../test/chat-factories.ts';
import { waitFor } from '../../../test/factories.ts';
import { pushServiceEnv, subscribeDevice, type PushService } from '../../../test/push-service.ts';
import { startRestartablePostgres, type RestartablePostgres } from '../../../test/restartable-postgres.ts';
import { socketClients } from '../../../test/socket-test-bed.ts';

/** Generous: the database's crash recovery, the retries' backoff, the job's 3 s wait, the worker's poll. */
const PUSH_AFTER_RESTART_MS = 45_000;

/** Whether a query reading push_tokens waits for a lock (the one `locker` holds). */
async function pushTokensReadWaiting(locker: pg.Client): Promise<true | undefined> {
  const { rows } = await locker.query(
    `SELECT 1 FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query ILIKE '%push_tokens%'`,
  );
  return rows.length > 0 || undefined;
}

/**
 * A message stored just before the database crashes (`pg_ctl restart -m immediate`), its push job
 * not yet sent: messages' jobs gather a moment (message-push-batch.ts), then one read says who has a
 * device, and the job is sent after it. Here that read waits behind a lock the test holds when the
 * crash cuts every connection, so the job is due exactly while the database is away.
 */
describe('a message’s push across a database restart', () => {
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

  it('reaches the device once the database is back', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const device = await subscribeDevice(t, service, a.cookie);
    const socket = await sockets.open(url, b.cookie);

    const locker = new pg.Client({ connectionString: postgres.url });
    // The crash cuts this connection too.
    locker.on('error', () => {});
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE push_tokens IN ACCESS EXCLUSIVE MODE');
      // Stored and acknowledged: the send never reads push tokens.
      await sent(socket, textMessage(conversationId, 'Mbote! Tokutana lobi?'));
      await waitFor(() => pushTokensReadWaiting(locker), 'the read of who has a device, waiting');
      await postgres.restart();
    } finally {
      await locker.end().catch(() => undefined);
    }

    const push = await service.next(device.endpoint, PUSH_AFTER_RESTART_MS);
    expect(JSON.parse(push.payload) as PushPayload).toMatchObject({
      kind: 'message',
      body: 'Mbote! Tokutana lobi?',
      url: `/messages/${conversationId}`,
      count: 1,
    });
  }, 120_000);
});
