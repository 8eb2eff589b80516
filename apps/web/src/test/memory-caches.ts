import { afterEach, beforeEach, vi } from 'vitest';
import { DEVICE_CHOICE_CACHE, HOME_COPY_URL, type HomeCopy } from '@motema/shared/public-pages';
import { forgetHomeCopy } from '../lib/home-copy.ts';

/** Cache Storage in memory (happy-dom has none), enough for what the app writes and deletes. */
export function memoryCaches() {
  /** Cache name -> URL -> body. */
  const stores = new Map<string, Map<string, string>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (url: string, response: Response) => void store.set(url, await response.text()),
      delete: async (url: string) => store.delete(url),
      match: async (url: string) => (store.has(url) ? new Response(store.get(url)) : undefined),
    };
  };
  /** The body kept at `url` in `cacheName`, parsed, or null. */
  const json = <T>(cacheName: string, url: string): T | null => {
    const body = stores.get(cacheName)?.get(url);
    return body ? (JSON.parse(body) as T) : null;
  };
  return { stores, open, json };
}

/**
 * For each test of the file, a Cache Storage in memory, and home's copy forgotten after it: its
 * module remembers the copy kept last and would not write the same one again for the next test.
 * Returns home's copy as kept now, or null.
 */
export function keptHomeCopyEachTest(): () => HomeCopy | null {
  let caches = memoryCaches();
  beforeEach(() => {
    caches = memoryCaches();
    vi.stubGlobal('caches', caches);
  });
  afterEach(async () => {
    await forgetHomeCopy();
    vi.unstubAllGlobals();
  });
  return () => caches.json<HomeCopy>(DEVICE_CHOICE_CACHE, HOME_COPY_URL);
}
