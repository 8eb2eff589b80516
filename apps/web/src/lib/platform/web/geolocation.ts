import { GEOLOCATION_TIMEOUT_MS } from '@motema/shared/limits';
import type { GeolocationPlatform } from '../geolocation.ts';

const finiteOrNull = (value: number | null) => (value === null || Number.isFinite(value) ? value : null);

/** The browser's Geolocation and Permissions APIs. */
export const webGeolocation: GeolocationPlatform = {
  supported: () => 'geolocation' in navigator,
  async permission() {
    try {
      const status = await navigator.permissions?.query({ name: 'geolocation' });
      return status?.state ?? 'unknown';
    } catch {
      return 'unknown';
    }
  },
  locate: () =>
    new Promise((resolve, reject) => {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({
            accuracy: coords.accuracy,
            altitude: finiteOrNull(coords.altitude),
            altitudeAccuracy: finiteOrNull(coords.altitudeAccuracy),
            heading: finiteOrNull(coords.heading),
            latitude: coords.latitude,
            longitude: coords.longitude,
            speed: finiteOrNull(coords.speed),
          }),
        reject,
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    }),
};
