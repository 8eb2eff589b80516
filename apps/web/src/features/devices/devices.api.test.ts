import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_BUILD, APP_VERSION, type DeviceInput } from '@motema/shared/devices';
import { deviceIdentity, handshakeAuth, rememberDeviceIdentity } from '../../lib/device-identity.ts';
import { jsonResponse } from '../../test/render-page.tsx';
import { registerThisDevice } from './devices.api.ts';

const INFO: Omit<DeviceInput, '_id'> = {
  platform: 'web',
  operatingSystem: 'android',
  manufacturer: '',
  model: 'Pixel 7',
  osVersion: '14',
  isVirtual: false,
  webViewVersion: 'Chrome 131',
  app: { build: APP_BUILD, version: APP_VERSION },
};

/** The server: answers POST /api/devices as the real one would (a new id, or the known one). */
function fakeServer(known: Set<string>) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as DeviceInput;
    if (body._id && !known.has(body._id)) {
      return jsonResponse(404, { statusCode: 404, code: 'device_not_found', message: 'x' });
    }
    const _id = body._id ?? crypto.randomUUID();
    known.add(_id);
    return jsonResponse(body._id ? 200 : 201, { ...body, _id });
  });
}

describe('registering this install', () => {
  const known = new Set<string>();
  let fetch: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    localStorage.clear();
    fetch = fakeServer(known);
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = () => fetch.mock.calls.map(([url, init]) => [url, JSON.parse(String(init.body))]);

  it('registers once per install: the id kept, no second call on the next start', async () => {
    await registerThisDevice(INFO);
    expect(sent()).toEqual([['/api/devices', INFO]]);
    const identity = deviceIdentity();
    expect(identity).toEqual({ id: expect.any(String), build: APP_BUILD });
    await registerThisDevice(INFO);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The socket's handshake names the install and the build this page runs.
    expect(handshakeAuth()).toEqual({ device: identity!.id, build: APP_BUILD });
  });

  it('registers once even when asked twice at the same time', async () => {
    await Promise.all([registerThisDevice(INFO), registerThisDevice(INFO)]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('registers again, as the same device, when it runs a new build', async () => {
    const id = crypto.randomUUID();
    known.add(id);
    rememberDeviceIdentity({ id, build: APP_BUILD - 1 });
    await registerThisDevice(INFO);
    expect(sent()).toEqual([['/api/devices', { ...INFO, _id: id }]]);
    expect(deviceIdentity()).toEqual({ id, build: APP_BUILD });
  });

  it('registers anew when the server no longer knows its id', async () => {
    const lost = crypto.randomUUID();
    rememberDeviceIdentity({ id: lost, build: APP_BUILD - 1 });
    await registerThisDevice(INFO);
    expect(sent()).toEqual([
      ['/api/devices', { ...INFO, _id: lost }],
      ['/api/devices', INFO],
    ]);
    expect(deviceIdentity()?.id).not.toBe(lost);
    expect(known.has(deviceIdentity()!.id)).toBe(true);
  });

  it('keeps nothing when the registration fails, so the next start tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'x' })),
    );
    await expect(registerThisDevice(INFO)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(deviceIdentity()).toBeNull();
    expect(handshakeAuth()).toEqual({ build: APP_BUILD });
  });
});
