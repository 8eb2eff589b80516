import type { DeviceInput } from '@motema/shared/devices';
import { webDevice } from './web/device.ts';

/** What the app knows of the device it runs on, without features learning which platform it is. */
export type DevicePlatform = {
  /** What the server records of this install (POST /api/devices, SPEC section 7). */
  info(): Omit<DeviceInput, '_id'>;
  /** An iPhone, iPod or iPad: Apple's rules apply (how to install, where push works). */
  apple(): boolean;
  /** The app runs installed, in its own window rather than in a browser's tab. */
  installed(): boolean;
};

/** This platform's device: the web's, or the native shell's bound in at start (./start.ts, decision 0048). */
export const device: DevicePlatform = { ...webDevice };
