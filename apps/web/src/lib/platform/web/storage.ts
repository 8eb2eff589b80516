import type { DeviceStorage } from '../storage.ts';

/**
 * The web's storage over one of its areas (localStorage, sessionStorage), which throw in some private
 * windows and when full, and are missing outside a browser (the build's prerendering): each call catches.
 */
const storageOf = (area: () => Storage): DeviceStorage => ({
  read(key) {
    try {
      return area().getItem(key);
    } catch {
      return null;
    }
  },
  keep(key, text) {
    try {
      area().setItem(key, text);
    } catch {
      // Storage full or refused: the value is lost, as the port says.
    }
  },
  forget(key) {
    try {
      area().removeItem(key);
    } catch {
      // Nothing was kept.
    }
  },
  usable() {
    try {
      area().getItem('');
      return true;
    } catch {
      return false;
    }
  },
  watch(key, listener) {
    // The `storage` event tells a window of another window's change, never of its own.
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

export const webStorage = storageOf(() => localStorage);
export const webTabStorage = storageOf(() => sessionStorage);
