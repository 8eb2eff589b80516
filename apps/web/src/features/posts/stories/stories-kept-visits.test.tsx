import { hashKey, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildConversation, freshIndexedDb, ME, me } from '../../chat/chat-fixtures.tsx';
import { buildStory, buildStoryMember, buildTray } from './story-fixtures.ts';

const awa = buildStoryMember('awa', 'Awa');
const trayHash = hashKey(['stories', 'tray']);

/** What the member's device holds now (lib/member-cache-store.ts), by query hash. */
async function storedHashes(): Promise<string[]> {
  const store = await import('../../../lib/member-cache-store.ts');
  const db = await store.openStore(ME, () => undefined);
  const kept = await store.readKept(db!);
  db!.close();
  return kept.map((query) => query.hash);
}

/** A page load: fresh module state, the same IndexedDB; `modules` as the screens of the visit load them. */
async function visit(modules: (() => Promise<unknown>)[]) {
  vi.resetModules();
  const [kept] = await Promise.all([
    import('../../../lib/persisted-queries.ts'),
    ...modules.map((load) => load()),
  ]);
  const client = new QueryClient();
  client.setQueryData(['users', 'profile'], me());
  await kept.openMemberCache(client, ME);
  return client;
}

beforeEach(() => freshIndexedDb());
afterEach(() => vi.unstubAllGlobals());

describe('home’s story tray kept on the device', () => {
  it('stays kept through a visit that starts on another screen and saves before any story code loads', async () => {
    // A visit to home: the tray's answer is kept.
    const home = await visit([() => import('./stories.api.ts')]);
    home.setQueryData(['stories', 'tray'], buildTray({ member: awa, stories: [buildStory('a1', awa)] }));
    await waitFor(async () => expect(await storedHashes()).toContain(trayHash), { timeout: 5000 });

    // The next visit opens the chats (the home layout, no story code): the chats' answers are saved.
    const chats = await visit([
      () => import('../../../layouts/home-layout.tsx'),
      () => import('../../chat/chat.api.ts'),
    ]);
    chats.setQueryData(['chat', 'conversations'], { conversations: [buildConversation('c-1')], count: 1 });
    await waitFor(async () => expect(await storedHashes()).toContain(hashKey(['chat', 'conversations'])), {
      timeout: 5000,
    });
    expect(await storedHashes()).toContain(trayHash);
  });
});
