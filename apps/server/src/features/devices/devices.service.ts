import { APP_BUILD, APP_VERSION, type DeviceInput, type DeviceUpdate } from '@motema/shared/devices';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeviceRow } from '../../db/schema.ts';
import { insertDevice, rememberDeviceMember, updateDevice } from './devices.repository.ts';

export const deviceNotFound = () => new AppError(404, 'device_not_found');

/**
 * Registers an install (`_id` absent: a new row, `created`) or brings a known one's info up to date
 * (a new build, another OS version). An `_id` nobody registered is 404 device_not_found, never a row
 * made under an id the client chose: the app then registers anew and keeps the id it is given.
 */
export async function registerDevice(
  { db }: Pick<AppDeps, 'db'>,
  input: DeviceInput,
  userId: string | null,
): Promise<{ device: DeviceRow; created: boolean }> {
  const { _id, ...info } = input;
  const device =
    _id === undefined ? await insertDevice(db, info, userId) : await updateDevice(db, _id, info, userId);
  if (!device) throw deviceNotFound();
  // Every member who used it, beyond the last one the row names (a partner's phone, docs/partnership.md).
  if (userId) await rememberDeviceMember(db, device.id, userId);
  return { device, created: _id === undefined };
}

/**
 * What a device running `build` is told at the socket's handshake (SPEC section 7): nothing when it
 * runs the current build (or a newer one, during a rollout); otherwise the new version, required when
 * its build is below APP_MIN_BUILD (it may no longer run against this server). The web app's update is
 * its start page: loading it takes the new service worker.
 */
export function updateFor(build: number, minBuild: number): DeviceUpdate | undefined {
  if (build >= APP_BUILD) return undefined;
  return { version: APP_VERSION, required: build < minBuild, url: '/' };
}
