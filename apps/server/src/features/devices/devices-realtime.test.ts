import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD, APP_VERSION, type DeviceUpdate } from '@motema/shared/devices';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { emitAck, welcomed, type ClientSocket } from '../../test/socket-test-bed.ts';

/** Below this build an update is required (the test's APP_MIN_BUILD); between it and APP_BUILD, optional. */
const MIN_BUILD = APP_BUILD - 5;

describe('device:{id}, told at the handshake', () => {
  let t: TestApp;
  let url: string;
  let member: Member;
  const opened: ClientSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_MIN_BUILD: String(MIN_BUILD) } });
    url = await t.listen();
    member = await createMember(t);
  });
  afterEach(() => opened.splice(0).forEach((socket) => socket.disconnect()));
  afterAll(() => t.close());

  /**
   * Connects with `auth` as the web app does and returns every `device:{id}` event heard until the
   * server answered a later event: the socket's packets arrive in order, so one emitted at the
   * connection arrives before that answer.
   */
  async function updatesHeard(device: string, auth: Record<string, unknown>): Promise<DeviceUpdate[]> {
    const socket: ClientSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie },
      auth,
      reconnection: false,
      forceNew: true,
    });
    opened.push(socket);
    const heard: DeviceUpdate[] = [];
    socket.on(`device:${device}`, (update) => heard.push(update));
    await welcomed(socket);
    await emitAck(socket, 'users:presence:watch', { userId: 'not a uuid' });
    return heard;
  }

  it('tells an install below APP_MIN_BUILD that the update is required', async () => {
    const device = crypto.randomUUID();
    expect(await updatesHeard(device, { device, build: MIN_BUILD - 1 })).toEqual([
      { version: APP_VERSION, required: true, url: '/' },
    ]);
  });

  it('tells an install between APP_MIN_BUILD and APP_BUILD that an optional update exists', async () => {
    const device = crypto.randomUUID();
    for (const build of [MIN_BUILD, APP_BUILD - 1]) {
      expect(await updatesHeard(device, { device, build })).toEqual([
        { version: APP_VERSION, required: false, url: '/' },
      ]);
    }
  });

  it('tells an install running the current build (or a newer one) nothing', async () => {
    const device = crypto.randomUUID();
    expect(await updatesHeard(device, { device, build: APP_BUILD })).toEqual([]);
    expect(await updatesHeard(device, { device, build: APP_BUILD + 1 })).toEqual([]);
  });

  it('tells nothing to a handshake without an install, or with one the schema refuses', async () => {
    const device = crypto.randomUUID();
    expect(await updatesHeard(device, { build: 1 })).toEqual([]);
    expect(await updatesHeard(device, { device, build: 'old' })).toEqual([]);
    expect(await updatesHeard('nope', { device: 'nope', build: 1 })).toEqual([]);
  });

  it("reaches only the socket of that install, not the member's other devices", async () => {
    const other = crypto.randomUUID();
    const device = crypto.randomUUID();
    const otherHeard: DeviceUpdate[] = [];
    const current = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie },
      auth: { device: other, build: APP_BUILD },
      reconnection: false,
      forceNew: true,
    });
    opened.push(current);
    current.on(`device:${device}`, (update) => otherHeard.push(update));
    await welcomed(current);
    expect(await updatesHeard(device, { device, build: 1 })).toHaveLength(1);
    await emitAck(current, 'users:presence:watch', { userId: 'not a uuid' });
    expect(otherHeard).toEqual([]);
  });
});
