import type { Device } from '@motema/shared/devices';
import type { DeviceRow } from '../../db/schema.ts';

/** A device as the API answers it (SPEC's device info with `_id` and `app`); never its member. */
export function presentDevice(row: DeviceRow): Device {
  return {
    _id: row.id,
    platform: row.platform,
    operatingSystem: row.operatingSystem,
    manufacturer: row.manufacturer,
    model: row.model,
    osVersion: row.osVersion,
    isVirtual: row.isVirtual,
    webViewVersion: row.webViewVersion,
    app: { build: row.appBuild, version: row.appVersion },
  };
}
