import { afterEach, describe, expect, it, vi } from 'vitest';
import { appWorker } from './app-worker.ts';
import { device } from './device.ts';
import { runsInNativeShell } from './native-shell.ts';
import { push } from './push.ts';

afterEach(() => vi.unstubAllGlobals());

// Decision 0048: the native implementations are chosen at start, in the native shell only.
describe('outside the native shell', () => {
  it('is told by Capacitor’s bridge only', () => {
    expect(runsInNativeShell()).toBe(false);
    // A browser page that loaded @capacitor/core has a bridge, but not a native one.
    vi.stubGlobal('Capacitor', { isNativePlatform: () => false });
    expect(runsInNativeShell()).toBe(false);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    expect(runsInNativeShell()).toBe(true);
  });

  it('leaves the ports the web’s', () => {
    expect(device.info().platform).toBe('web');
    expect(device.installed()).toBe(false);
    expect(push.support()).not.toBe('supported');
    expect(appWorker.servesOffline()).toBe(false);
  });
});
