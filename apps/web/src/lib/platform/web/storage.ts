import type { DeviceStorage } from '../storage.ts';

/**
 * The web's device storage: localStorage, which throws in some private windows and when full, and is
 * missing outside a browser (the build's prerendering): each call catches.
 */
export const webStorage: DeviceStorage = {
  read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  keep(key, text) {
    try {
      localStorage.setItem(key, text);
    } catch {
      // Storage full or refused: the value is lost, as the port says.
    }
  },
  forget(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  },
  usable() {
    try {
      localStorage.getItem('');
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
};
