import { APP_BUILD, type Device, type DeviceInput } from '@motema/shared/devices';
import { api, isApiError } from '../../lib/api-client.ts';
import { deviceIdentity, rememberDeviceIdentity } from '../../lib/device-identity.ts';
import { device } from '../../lib/platform/device.ts';

export function postDevice(input: DeviceInput): Promise<Device> {
  return api<Device>('/devices', { method: 'POST', body: input });
}

let running: Promise<void> | undefined;

/**
 * Registers this install once (POST /api/devices; SPEC section 7), and again when it runs a new build
 * (with its `_id`: the same device, its info brought up to date). An `_id` the server no longer knows
 * (404 device_not_found) is registered anew. One registration at a time per page; a failure (no
 * network) is tried again at the next start. Silent: nothing the member asked for.
 */
export function registerThisDevice(info: Omit<DeviceInput, '_id'> = device.info()): Promise<void> {
  running ??= register(info).finally(() => (running = undefined));
  return running;
}

async function register(info: Omit<DeviceInput, '_id'>): Promise<void> {
  const known = deviceIdentity();
  if (known?.build === APP_BUILD) return;
  let device: Device;
  try {
    device = await postDevice(known ? { ...info, _id: known.id } : info);
  } catch (error) {
    if (!known || !isApiError(error) || error.code !== 'device_not_found') throw error;
    device = await postDevice(info);
  }
  rememberDeviceIdentity({ id: device._id, build: device.app.build });
}
