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
