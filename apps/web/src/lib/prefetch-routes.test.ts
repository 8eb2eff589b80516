import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_KEY } from './data-saver.ts';

/** A member area of two layouts and their screens; `loaded` lists the lazy loaders called. */
function memberArea() {
  const loaded: string[] = [];
  const lazy = (name: string) => async () => {
    loaded.push(name);
    return {};
  };
  const routes: RouteObject[] = [
    {
      lazy: lazy('home-layout'),
      children: [
        { path: '/home', lazy: lazy('home') },
        { path: '/account', lazy: lazy('account') },
        { path: '/zones', element: null },
      ],
    },
    { path: '/settings', lazy: lazy('settings-layout'), children: [{ index: true, lazy: lazy('settings') }] },
  ];
  return { routes, loaded };
}

/** The module as a new page sees it (it runs once per page). */
const load = async () => {
  vi.resetModules();
  return import('./prefetch-routes.ts');
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('prefetchRoutes', () => {
  it("loads every screen of the member area in the background, after the first screen's time", async () => {
    const { prefetchRoutes } = await load();
    const { routes, loaded } = memberArea();
    prefetchRoutes(routes, () => true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loaded, 'nothing while the first screen loads').toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loaded).toEqual(['home-layout', 'home', 'account', 'settings-layout', 'settings']);
  });

  it('stops once the member is gone, and does nothing with data saver on', async () => {
    let member = true;
    const first = memberArea();
    (await load()).prefetchRoutes(first.routes, () => member);
    await vi.advanceTimersByTimeAsync(5000);
    member = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first.loaded.length).toBeLessThan(5);

    localStorage.setItem(DATA_SAVER_KEY, 'on');
    const saving = memberArea();
    (await load()).prefetchRoutes(saving.routes, () => true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(saving.loaded).toEqual([]);
  });
});
