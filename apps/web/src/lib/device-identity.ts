import { APP_BUILD } from '@motema/shared/limits';
import type { SocketHandshakeAuth } from '@motema/shared/devices';
import { deviceRecord, storedFields } from './device-record.ts';

/**
 * Which install of the app this is (a browser profile: the server's `devices` row) and the build it
 * last registered with (POST /api/devices, features/devices/devices.api.ts). Kept on the device (device-record.ts), so
 * an install registers once, and again only when it runs a new build.
 */
export type DeviceIdentity = { id: string; build: number };

const kept = deviceRecord<DeviceIdentity>('motema.device', (stored) => {
  const fields = storedFields(stored);
  return typeof fields?.id === 'string' && typeof fields.build === 'number'
    ? { id: fields.id, build: fields.build }
    : null;
});

export const deviceIdentity = (): DeviceIdentity | null => kept.read();
/** Storage refused (private browsing): the install registers again on its next start, nothing worse. */
export const rememberDeviceIdentity = (identity: DeviceIdentity): void => kept.keep(identity);
export const forgetDeviceIdentity = (): void => kept.forget();

/**
 * The socket's handshake `auth` (lib/socket.ts): the install, and the build this page runs (not the
 * registered one: a page the new service worker has not taken over yet still runs the old code). The
 * server answers an older build with `device:{id}` (features/devices/updates/).
 */
export function handshakeAuth(): SocketHandshakeAuth {
  const identity = deviceIdentity();
  return identity ? { device: identity.id, build: APP_BUILD } : { build: APP_BUILD };
}
