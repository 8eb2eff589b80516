import { APP_BUILD } from '@motema/shared/limits';
import type { SocketHandshakeAuth } from '@motema/shared/devices';

/**
 * Which install of the app this is (a browser profile: the server's `devices` row) and the build it
 * last registered with (POST /api/devices, features/devices/devices.api.ts). Kept in localStorage, so
 * an install registers once, and again only when it runs a new build.
 */
export type DeviceIdentity = { id: string; build: number };

const KEY = 'motema.device';

export function deviceIdentity(): DeviceIdentity | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<DeviceIdentity> | null;
    return typeof stored?.id === 'string' && typeof stored.build === 'number'
      ? { id: stored.id, build: stored.build }
      : null;
  } catch {
    return null;
  }
}

export function rememberDeviceIdentity(identity: DeviceIdentity): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(identity));
  } catch {
    // Storage refused (private browsing): the install registers again on its next start, nothing worse.
  }
}

export function forgetDeviceIdentity(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The socket's handshake `auth` (lib/socket.ts): the install, and the build this page runs (not the
 * registered one: a page the new service worker has not taken over yet still runs the old code). The
 * server answers an older build with `device:{id}` (features/devices/updates/).
 */
export function handshakeAuth(): SocketHandshakeAuth {
  const identity = deviceIdentity();
  return identity ? { device: identity.id, build: APP_BUILD } : { build: APP_BUILD };
}
