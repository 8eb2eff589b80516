import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createMember } from '../test/factories.ts';
import { within } from '../test/socket-client.ts';

describe('a handshake the server cannot complete', () => {
  let t: TestApp;
  let url = '';
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp();
    url = await t.listen();
    cookie = (await createMember(t)).cookie;
  });
  afterAll(() => t.close());

  it('tells the client a code, never the query, its parameters or the database', async () => {
    // The session lookup now fails with PostgreSQL's words about the query ("relation does not exist").
    await t.db.$client.query('alter table sessions rename to sessions_elsewhere');
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    const error = await within(
      new Promise<Error>((resolve) => socket.once('connect_error', resolve)),
      'the refusal',
    );
    socket.disconnect();
    expect(error.message).toBe('internal');
  });
});
