import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_BUILD, APP_VERSION, DeviceInputSchema } from '@motema/shared/devices';
import { jsonResponse } from '../../../test/render-page.tsx';
import { registerThisDevice } from '../../../features/devices/devices.api.ts';
import {
  enablePush,
  refreshPushRegistration,
} from '../../../features/notifications/push/push-subscription.ts';
import { withPushDeviceToken } from '../../../features/notifications/push/push-device.ts';
import { device } from '../device.ts';
import { push } from '../push.ts';
import { ANDROID_INFO, IOS_INFO, fakeShellPlugins, shellRouter } from './native-fixtures.ts';
import { startNativeShell, stopFollowingServerMedia } from './start.ts';

// A worker's test files share one document: the media follower of a started shell stops with its test.
afterEach(stopFollowingServerMedia);

/** The API: every call answered as the server would, its JSON bodies kept by `method path`. */
function fakeApi() {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown> | null;
    if (new URL(input, location.origin).pathname === '/api/devices')
      return jsonResponse(201, { ...body, _id: crypto.randomUUID() });
    return jsonResponse(204);
  });
  vi.stubGlobal('fetch', fetch);
  return (method: string, path: string) =>
    fetch.mock.calls
      .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(input).pathname === path)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

let sent: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.clear();
  sent = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('the native shell’s device', () => {
  it('registers the install with Capacitor’s device fields through POST /api/devices', async () => {
    await startNativeShell(shellRouter(), fakeShellPlugins({ info: ANDROID_INFO }).asPlugins());
    await registerThisDevice();
    const [body] = sent('POST', '/api/devices');
    expect(body).toEqual({
      platform: 'android',
      operatingSystem: 'android',
      manufacturer: 'Google',
      model: 'Pixel 8',
      osVersion: '15',
      isVirtual: false,
      webViewVersion: '131.0.6778.200',
      app: { build: APP_BUILD, version: APP_VERSION },
    });
    expect(DeviceInputSchema.safeParse(body).success).toBe(true);
    // Installed by the store: never offered to install; Apple's rules on an iPhone only.
    expect(device.installed()).toBe(true);
    expect(device.apple()).toBe(false);
  });

  it('says an iPhone simulator is one', async () => {
    await startNativeShell(shellRouter(), fakeShellPlugins({ info: IOS_INFO }).asPlugins());
    expect(device.info()).toMatchObject({ platform: 'ios', manufacturer: 'Apple', isVirtual: true });
    expect(device.apple()).toBe(true);
  });
});

describe('the native shell’s push', () => {
  it('asks the system, registers the FCM token as android, never asks for the VAPID key, names it at logout', async () => {
    const plugins = fakeShellPlugins({ info: ANDROID_INFO, permission: 'prompt' });
    await startNativeShell(shellRouter(), plugins.asPlugins());
    expect(push.support()).toBe('supported');
    expect(push.permission()).toBe('default');

    expect(await enablePush('me-1')).toBe('on');
    expect(plugins.push.requestPermissions).toHaveBeenCalled();
    expect(push.permission()).toBe('granted');
    expect(sent('POST', '/api/push-tokens')).toEqual([{ android: 'fcm-token-1' }]);
    expect(sent('GET', '/api/push-tokens/vapidKeys')).toEqual([]);
    expect(withPushDeviceToken({})).toEqual({ 'android-token': 'fcm-token-1' });
    // The registration's listeners are gone once it answered.
    expect(plugins.push.listening('registration')).toBe(0);
  });

  it('registers an iPhone’s APNs token as ios, and again at the next start (a renewed token)', async () => {
    const plugins = fakeShellPlugins({ info: IOS_INFO, permission: 'granted' });
    plugins.push.token = 'apns-token-1';
    await startNativeShell(shellRouter(), plugins.asPlugins());
    expect(await enablePush('me-1')).toBe('on');
    plugins.push.token = 'apns-token-2';
    await refreshPushRegistration('me-1');
    expect(sent('POST', '/api/push-tokens')).toEqual([{ ios: 'apns-token-1' }, { ios: 'apns-token-2' }]);
    expect(withPushDeviceToken({})).toEqual({ 'ios-token': 'apns-token-2' });
  });

  it('a refusal is said as the web’s, and nothing is registered', async () => {
    const plugins = fakeShellPlugins({ permission: 'denied' });
    await startNativeShell(shellRouter(), plugins.asPlugins());
    expect(await enablePush('me-1')).toBe('refused');
    expect(plugins.push.register).not.toHaveBeenCalled();
    expect(sent('POST', '/api/push-tokens')).toEqual([]);
  });

  it('a registration the system refuses fails, as a push service out of reach does on the web', async () => {
    const plugins = fakeShellPlugins({ permission: 'granted' });
    plugins.push.register.mockImplementationOnce(async () => {
      queueMicrotask(() => plugins.push.emit('registrationError', { error: 'SERVICE_NOT_AVAILABLE' }));
    });
    await startNativeShell(shellRouter(), plugins.asPlugins());
    expect(await enablePush('me-1')).toBe('failed');
    expect(sent('POST', '/api/push-tokens')).toEqual([]);
  });
});
