import { useSyncExternalStore } from 'react';

/**
 * The data-saver setting (Settings > Data saver): smaller images, no autoplay, media only on tap. It
 * belongs to the device, not the account (a member on Wi-Fi at home and on mobile data outside wants
 * both), so it lives in localStorage. Until the member chooses, it follows the browser's own
 * "Save-Data" wish (`navigator.connection.saveData`).
 */
export const DATA_SAVER_KEY = 'motema.data-saver';

const listeners = new Set<() => void>();

type NetworkInformationLike = { saveData?: boolean };

function browserAsksToSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}

/** Whether data saver is on for this device now. */
export function dataSaverOn(): boolean {
  try {
    const stored = localStorage.getItem(DATA_SAVER_KEY);
    if (stored === 'on') return true;
    if (stored === 'off') return false;
  } catch {
    // storage blocked: fall back on the browser's wish
  }
  return browserAsksToSaveData();
}

/** Turns data saver on or off for this device; every `useDataSaver()` re-renders. */
export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    // storage blocked: the choice lasts until the page is closed
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
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
