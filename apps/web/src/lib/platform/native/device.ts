import type { DeviceInfo } from '@capacitor/device';
import { APP_BUILD, APP_VERSION, DEVICE_PLATFORMS, type DeviceInput } from '@motema/shared/devices';
import type { DevicePlatform } from '../device.ts';

/**
 * The SPEC's device info of the native app from Capacitor's Device plugin, which names the same fields
 * (platform, operatingSystem, manufacturer, model, osVersion, isVirtual, webViewVersion), cut to what
 * the server accepts. `app`: the web app's build, which the shell carries (it ships with the store's).
 */
export function nativeDeviceInfo(info: DeviceInfo): Omit<DeviceInput, '_id'> {
  const platform = DEVICE_PLATFORMS.find((known) => known === info.platform) ?? 'android';
  return {
    platform,
    operatingSystem: info.operatingSystem.slice(0, 40),
    manufacturer: info.manufacturer.slice(0, 80),
    model: info.model.slice(0, 80),
    osVersion: info.osVersion.slice(0, 40),
    isVirtual: info.isVirtual,
    webViewVersion: info.webViewVersion.slice(0, 80),
    app: { build: APP_BUILD, version: APP_VERSION },
  };
}

/** The native app's device: read once at start (Device.getInfo), so its port stays synchronous. */
export function nativeDevice(info: DeviceInfo): DevicePlatform {
  const facts = nativeDeviceInfo(info);
  return {
    info: () => facts,
    apple: () => facts.platform === 'ios',
    // The store installed it: never offered to install.
    installed: () => true,
  };
}
