import { useSyncExternalStore } from 'react';
import { deviceText, watchDeviceRecord } from './device-record.ts';

/**
 * The data-saver setting (Settings > Data saver): smaller images, no autoplay, media only on tap. It
 * belongs to the device, not the account (a member on Wi-Fi at home and on mobile data outside wants
 * both), so the device keeps it (lib/device-record.ts). Until the member chooses, it follows the browser's own
 * "Save-Data" wish (`navigator.connection.saveData`).
 */
export const DATA_SAVER_KEY = 'motema.data-saver';

const choice = deviceText(DATA_SAVER_KEY, (stored) => (stored === 'on' || stored === 'off' ? stored : null));

const listeners = new Set<() => void>();

type NetworkInformationLike = { saveData?: boolean };

function browserAsksToSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}

/** Whether data saver is on for this device now. */
export function dataSaverOn(): boolean {
  const stored = choice.read();
  return stored ? stored === 'on' : browserAsksToSaveData();
}

/** Whether the member chose on this device (else it follows the browser's wish). */
export const dataSaverChosen = (): boolean => choice.read() !== null;

/** Turns data saver on or off for this device (storage refused: until the page closes); every `useDataSaver()` re-renders. */
export function setDataSaver(on: boolean): void {
  choice.keep(on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stopWatching = watchDeviceRecord(DATA_SAVER_KEY, listener);
  return () => {
    listeners.delete(listener);
    stopWatching();
  };
}

/** Data saver's state, kept current (also when another tab changes it). */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, dataSaverOn, () => false);
}

/** Photos the member tapped to load while data saver is on; they stay loaded until the page is closed. */
const released = new Set<string>();

/** Loads one held photo (its `_id`), wherever it shows. */
export function releaseMedia(id: string): void {
  released.add(id);
  for (const listener of listeners) listener();
}

/**
 * Whether a photo shown for itself (a profile's gallery, a chat photo) waits for a tap: data saver is
 * on and the member has not tapped it yet.
 */
export function useMediaHeld(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dataSaverOn() && !released.has(id),
    () => false,
  );
}
