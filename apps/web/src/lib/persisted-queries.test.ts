import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A page load: fresh module state (what the device keeps is read again), the same IndexedDB. */
async function pageLoad() {
  vi.resetModules();
  return import('./persisted-queries.ts');
}

const LIST = ['lists', 'near'] as const;
const keepLists = {
  keeps: (key: readonly unknown[]) => key[0] === 'lists',
  bound: <T>(queries: T[]) => queries,
};

describe('queries kept on the device', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });

  it('keeps answers that were in the cache before their feature declared them (a page the server painted)', async () => {
    const first = await pageLoad();
    const client = new QueryClient();
    // The painted page's answers, put in the cache before any feature's code ran (main.tsx).
    client.setQueryData(LIST, { users: ['kofi'] });
    await first.openMemberCache(client, 'awa');
    first.keepOnDevice(keepLists);
    // Saved a moment after, then read by the next page load.
    await vi.waitFor(async () => {
      const next = await pageLoad();
      next.keepOnDevice(keepLists);
      await next.openMemberCache(new QueryClient(), 'awa');
      expect(next.keptData(LIST)).toEqual({ users: ['kofi'] });
    });
  });
});
