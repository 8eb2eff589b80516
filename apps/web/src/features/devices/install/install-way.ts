import { useSyncExternalStore } from 'react';
import { device } from '../../../lib/platform/device.ts';
import { installedFromHere, installPrompt, subscribeInstallPrompt } from './install-prompt.ts';
import type { InstallWay } from './install-engagement.ts';

/** What the way to install depends on of the device (lib/platform/device.ts). */
export type DeviceSide = { apple: boolean; installed: boolean };

export function installWayOf(side: DeviceSide, hasPrompt: boolean, installedNow: boolean): InstallWay {
  if (installedNow || side.installed) return 'installed';
  if (hasPrompt) return 'prompt';
  return side.apple ? 'ios' : 'menu';
}

const deviceSide = (): DeviceSide => ({ apple: device.apple(), installed: device.installed() });

/** This browser's way to install, following the prompt as it comes and goes. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(
    subscribeInstallPrompt,
    () => installWayOf(deviceSide(), installPrompt() !== null, installedFromHere()),
    () => 'menu',
  );
}
