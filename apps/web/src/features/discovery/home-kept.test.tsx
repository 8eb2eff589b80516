import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { UserList } from '@motema/shared/discovery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { cards, listRequests, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { discoveryKeys } from './discovery-keys.ts';
import { KEPT_GRID_MEMBERS, KEPT_ROW_MEMBERS } from './discovery-kept.ts';

/**
 * A repeat visit draws home from what the device kept of the last one (lib/persisted-queries.ts,
 * discovery-kept.ts), then refreshes it; per member; gone at logout; a member blocked or reported
 * does not come back from it.
 */
const AMANI = buildMe({ _id: 'amani-1' });
const BAYO = buildMe({ _id: 'bayo-2', username: 'bayo', firstName: 'Bayo', name: 'Bayo Ade' });

const lastVisit = {
  popular: { users: cards(1, 24), count: 24 },
  'visited-me': { users: cards(40, 3), count: 3 },
  users: { users: cards(100, 96), count: 300 },
};

/** A page load: fresh module state (the kept copy's memory), the same IndexedDB and localStorage. */
async function pageLoad() {
  vi.resetModules();
  const [kept, store, queryClientLib, home, api] = await Promise.all([
    import('../../lib/persisted-queries.ts'),
    import('../../lib/member-cache-store.ts'),
    import('../../lib/query-client.ts'),
    import('./home-page.tsx'),
    import('./discovery.api.ts'),
  ]);
  return { ...kept, ...store, ...queryClientLib, ...api, HomePage: home.HomePage };
}
type Load = Awaited<ReturnType<typeof pageLoad>>;

/** Home opened by `me` as the app does: the member's kept queries opened first (router.tsx). */
async function openHome(me: typeof AMANI) {
  const load = await pageLoad();
  load.rememberMe(me);
  await load.openMemberCache(new QueryClient(), me._id);
  const view = renderPage('/home', <load.HomePage />, { me });
  // The app's one client is followed from the start: here, the page's, once it exists.
  await load.openMemberCache(view.queryClient, me._id);
  return { load, view };
}

/** Brings every list of home near the screen: they are asked for (or refreshed) then. */
async function bringNear(observer: ReturnType<typeof stubIntersectionObserver>) {
  await waitFor(() => expect(observer.observed('300px').length).toBeGreaterThan(0));
  for (const element of observer.observed('300px')) act(() => observer.set(element, true));
}

const sectionOf = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;
const names = (section: string) =>
  within(sectionOf(section))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

/** What the member's database holds, by query hash. */
async function stored(load: Load, memberId: string) {
  const db = await load.openStore(memberId, () => undefined);
  const queries = await load.readKept(db!);
  db!.close();
  return new Map(queries.map((query) => [query.hash, query.data]));
}

const popularKey = discoveryKeys.list('popular');
const gridKey = discoveryKeys.pages('users');

/** Amani's visit online: home's lists answered, then written on the device. */
async function visitOnline(me = AMANI) {
  const observer = stubIntersectionObserver();
  stubApi(lastVisit);
  const { load, view } = await openHome(me);
  await bringNear(observer);
  await waitFor(() => expect(names('Popular')).toHaveLength(24));
  await waitFor(async () => {
    const kept = await stored(load, me._id);
    expect(kept.has(JSON.stringify(popularKey))).toBe(true);
    expect(kept.has(JSON.stringify(gridKey))).toBe(true);
  });
  view.unmount();
}

/** The network holds every answer back until `release` is called. */
function slowNetwork(answers: Parameters<typeof stubApi>[0]) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Object.fromEntries(
    Object.entries(answers).map(([filter, list]) => [filter, () => gate.then(() => list as UserList)]),
  );
  const fetch = stubApi(held);
  return { fetch, release };
}

beforeEach(() => {
  // A new, empty IndexedDB: nothing kept from another test.
  vi.stubGlobal('indexedDB', new IDBFactory());
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test loads home several times over a shared, busy machine.
describe('home drawn from the device on a repeat visit', { timeout: 30_000 }, () => {
  it('draws the last visit’s lists before the network answers, then refreshes them', async () => {
    await visitOnline();

    const observer = stubIntersectionObserver();
    const network = slowNetwork({ popular: { users: cards(500, 2), count: 2 } });
    await openHome(AMANI);
    // The first render, with no answer yet: the rows and the grid's first page as they were, bounded.
    expect(names('Popular')).toEqual(cards(1, KEPT_ROW_MEMBERS).map((card) => `/profile/${card._id}`));
    expect(names('Visited your profile')).toHaveLength(3);
    expect(names('People for you')).toHaveLength(KEPT_GRID_MEMBERS);
    expect(names('People for you')[0]).toBe('/profile/member-100');

    // Near the screen, each is asked for again (a kept copy is stale), and the answer replaces it.
    await bringNear(observer);
    await waitFor(() => expect(listRequests(network.fetch, 'popular')).toHaveLength(1));
    expect(listRequests(network.fetch, 'users')).toHaveLength(1);
    network.release();
    await waitFor(() => expect(names('Popular')).toEqual(['/profile/member-500', '/profile/member-501']));
  });

  it('shows another member on the device none of them, and forgets them at logout', async () => {
    await visitOnline();

    // Bayo on the same device sees none of Amani's lists: his home waits for his own. (Logging in
    // as him deletes what was kept of her: lib/query-client.ts's rememberMe.)
    stubIntersectionObserver();
    slowNetwork({});
    const bayo = await openHome(BAYO);
    expect(bayo.load.keptData(popularKey)).toBe(undefined);
    expect(sectionOf('Popular').querySelector('ul')!.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByRole('link', { name: /Member/ })).toEqual([]);
    bayo.view.unmount();

    // Amani again: her lists are kept anew, then she logs out.
    await visitOnline();
    const amani = await openHome(AMANI);
    expect(amani.load.keptData<UserList>(popularKey)?.users).toHaveLength(KEPT_ROW_MEMBERS);
    amani.view.unmount();
    // As users.api's useEndSession does after PUT /users/logout.
    amani.load.endSession(amani.view.queryClient, () => undefined, '/login');

    const after = await openHome(AMANI);
    expect(after.load.keptData(popularKey), 'nothing kept after logout').toBe(undefined);
    expect(after.load.keptData(gridKey)).toBe(undefined);
    expect(screen.queryAllByRole('link', { name: /Member/ })).toEqual([]);
  });

  it('does not bring back a reported member on the next visit', async () => {
    await visitOnline();

    // The next visit opens member-3's profile (in Popular, kept) and reports them from there: home's
    // lists are not in memory, only on the device.
    const load = await pageLoad();
    const client = new QueryClient();
    client.setQueryData(load.ME_QUERY_KEY, AMANI);
    await load.openMemberCache(client, AMANI._id);
    load.forgetReportedMember(client, 'member-3');
    await waitFor(async () => expect((await stored(load, AMANI._id)).size).toBe(0));

    stubIntersectionObserver();
    slowNetwork({});
    await openHome(AMANI);
    expect(screen.queryByRole('link', { name: /Member3,/ })).toBeNull();
    expect(sectionOf('Popular').querySelector('ul')!.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the lists on screen without a member reported from them', async () => {
    await visitOnline();

    stubIntersectionObserver();
    slowNetwork({});
    const { load, view } = await openHome(AMANI);
    expect(names('Popular')).toContain('/profile/member-3');
    act(() => load.forgetReportedMember(view.queryClient, 'member-3'));
    await waitFor(() => expect(names('Popular')).not.toContain('/profile/member-3'));
    await waitFor(async () => {
      const popular = (await stored(load, AMANI._id)).get(JSON.stringify(popularKey)) as UserList;
      expect(popular.users.map((user) => user._id)).toEqual(
        cards(1, KEPT_ROW_MEMBERS)
          .map((card) => card._id)
          .filter((id) => id !== 'member-3'),
      );
    });
    view.unmount();

    await openHome(AMANI);
    expect(names('Popular')).toHaveLength(KEPT_ROW_MEMBERS - 1);
    expect(names('Popular')).not.toContain('/profile/member-3');
  });

  it('forgets every kept list once a member is blocked', async () => {
    await visitOnline();

    stubIntersectionObserver();
    slowNetwork({});
    const { load, view } = await openHome(AMANI);
    expect(names('Popular')).toContain('/profile/member-3');
    act(() => load.forgetBlockedMember(view.queryClient, 'member-3'));
    await waitFor(async () => expect((await stored(load, AMANI._id)).size).toBe(0));
    view.unmount();

    const next = await openHome(AMANI);
    expect(next.load.keptData(popularKey)).toBe(undefined);
    expect(next.load.keptData(gridKey)).toBe(undefined);
  });
});
