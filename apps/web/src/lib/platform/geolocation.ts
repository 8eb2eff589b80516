import type { Coordinates } from '@motema/shared/realtime';
import { webGeolocation } from './web/geolocation.ts';

/** Whether the app may read the device's position: given, refused, not asked yet, or not known. */
export type LocationPermission = PermissionState | 'unknown';

/** The device's position (Near me, features/discovery/use-geolocation.ts). */
export type GeolocationPlatform = {
  /** Whether the device can give a position at all. */
  supported(): boolean;
  /** The permission, without asking for it. */
  permission(): Promise<LocationPermission>;
  /**
   * The position, accurate and quick (GEOLOCATION_TIMEOUT_MS), as the socket event carries it; asks
   * for the permission first when it was not given. Rejects with a `GeolocationPositionError`-like
   * `code`: 1 refused, 3 too slow, else unavailable.
   */
  locate(): Promise<Coordinates>;
};

/** This platform's geolocation: the web's (decision 0038: a native build binds its own here). */
export const geolocation: GeolocationPlatform = webGeolocation;
