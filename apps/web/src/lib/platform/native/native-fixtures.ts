import type { DeviceInfo } from '@capacitor/device';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ShellPlugins } from './start.ts';

type Listener = (event: never) => void;

/**
 * A Capacitor plugin's listeners as the native side drives them: `addListener` answers a handle to
 * remove, `emit` is the native side firing an event. Events fired before anyone listened wait for the
 * first listener, as Capacitor keeps them (`retainUntilConsumed`: a cold start's tap, or link).
 */
class FakeListeners {
  private listeners = new Map<string, Set<Listener>>();
  private retained = new Map<string, unknown[]>();
  addListener = vi.fn(async (event: string, listener: Listener) => {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    this.listeners.set(event, set.add(listener));
    for (const data of this.retained.get(event) ?? []) listener(data as never);
    this.retained.delete(event);
    return { remove: async () => void set.delete(listener) };
  });
  emit(event: string, data: unknown): void {
    const set = this.listeners.get(event);
    if (!set?.size) this.retained.set(event, [...(this.retained.get(event) ?? []), data]);
    for (const listener of set ?? []) listener(data as never);
  }
  listening(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** What Device.getInfo answers on a Pixel 8 (Android 15) and on an iPhone simulator. */
export const ANDROID_INFO: DeviceInfo = {
  name: 'Pixel 8',
  model: 'Pixel 8',
  platform: 'android',
  operatingSystem: 'android',
  osVersion: '15',
  androidSDKVersion: 35,
  manufacturer: 'Google',
  isVirtual: false,
  webViewVersion: '131.0.6778.200',
};
export const IOS_INFO: DeviceInfo = {
  model: 'iPhone',
  platform: 'ios',
  operatingSystem: 'ios',
  osVersion: '18.2',
  iOSVersion: 180200,
  manufacturer: 'Apple',
  isVirtual: true,
  webViewVersion: '18.2',
};

/**
 * The shell's plugins answering as the native ones do: the device `info`, push whose permission is
 * `permission` and whose `register()` gives `token` by its `registration` event, the app's launch URL.
 */
export function fakeShellPlugins(
  options: {
    info?: DeviceInfo;
    permission?: 'granted' | 'prompt' | 'denied';
    launchUrl?: string;
    /** What the secure storage held from an earlier run (key to value). */
    kept?: Record<string, string>;
  } = {},
) {
  let receive = options.permission ?? 'prompt';
  const push = Object.assign(new FakeListeners(), {
    token: 'fcm-token-1',
    checkPermissions: vi.fn(async () => ({ receive })),
    requestPermissions: vi.fn(async () => {
      if (receive === 'prompt') receive = 'granted';
      return { receive };
    }),
    register: vi.fn(async () => {
      // The system answers later, by an event.
      queueMicrotask(() => push.emit('registration', { value: push.token }));
    }),
    unregister: vi.fn(async () => undefined),
  });
  const app = Object.assign(new FakeListeners(), {
    getLaunchUrl: vi.fn(async () => (options.launchUrl ? { url: options.launchUrl } : undefined)),
    exitApp: vi.fn(async () => undefined),
  });
  const plugins = {
    app,
    push,
    device: { getInfo: vi.fn(async () => options.info ?? ANDROID_INFO) },
    statusBar: { setStyle: vi.fn(async () => undefined), setBackgroundColor: vi.fn(async () => undefined) },
    secureStorage: fakeSecureStorage(options.kept),
  };
  return { ...plugins, asPlugins: () => plugins as unknown as ShellPlugins };
}

/** The secure storage plugin's string calls over `items` (the keychain or Keystore's content). */
export function fakeSecureStorage(kept: Record<string, string> = {}) {
  const items = new Map(Object.entries(kept));
  return {
    items,
    getItem: vi.fn(async (key: string) => items.get(key) ?? null),
    setItem: vi.fn(async (key: string, value: string) => void items.set(key, value)),
    removeItem: vi.fn(async (key: string) => void items.delete(key)),
  };
}

/** A router of the app's paths (any path renders nothing), at `path` with `history` behind it. */
export function shellRouter(history: string[] = ['/']) {
  return createMemoryRouter([{ path: '*', element: null }], {
    initialEntries: history,
    initialIndex: history.length - 1,
  });
}
