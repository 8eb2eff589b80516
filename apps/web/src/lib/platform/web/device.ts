import type { DevicePlatform } from '../device.ts';
import { deviceInfoOf } from './device-info.ts';

/** Safari's own flag on iOS, and the display mode the manifest asks for (display: standalone). */
export const runsStandalone = (): boolean =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * An iPhone, iPod or iPad. iPadOS Safari says it is a Mac ("Macintosh"), which has no touch screen:
 * a "Macintosh" with touch points is an iPad.
 */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** The web's device: what the browser tells every site (its user agent, client hints, display mode). */
export const webDevice: DevicePlatform = {
  info: () => deviceInfoOf(navigator),
  apple: () => isAppleMobile(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  installed: runsStandalone,
};
