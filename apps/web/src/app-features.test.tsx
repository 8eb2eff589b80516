import { screen } from '@testing-library/react';
import { IconStar } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP, FEATURES } from './app-features.ts';
import { HomeLayout } from './layouts/home-layout.tsx';
import { HOME_PARTS } from './layouts/home-parts.ts';
import { composeFeatures } from './lib/compose-features.ts';
import type { FeatureModule, HomePart } from './lib/feature-module.ts';
import { openTo } from './lib/feature-routes.tsx';
import { routes } from './router.tsx';
import { buildMe, renderPage } from './test/render-page.tsx';

vi.mock('./lib/socket.ts', () => ({ SocketProvider: ({ children }: { children: unknown }) => children }));

/** Each layout's paths (`index` for an index route), as the router has them. */
function pathsByLayout(): Record<string, string[]> {
  const [guard] = routes;
  const byLayout: Record<string, string[]> = {};
  for (const [index, layout] of (guard!.children ?? []).entries()) {
    const name = layout.path ?? (index === 0 ? 'public' : index === 1 ? 'member' : 'catch-all');
    byLayout[name] = (layout.children ?? [layout]).map((route: RouteObject) => route.path ?? 'index').sort();
  }
  return byLayout;
}

describe('the app’s routes, composed from the features (app-features.ts)', () => {
  it('are every screen of the app, each in its layout', () => {
    expect(pathsByLayout()).toEqual({
      public: [
        ...['/', '/about', '/appeal/:token', '/cookie-policy', '/login', '/otp', '/password'],
        '/privacy-policy',
        ...['/register', '/reset-password', '/safety-standards', '/terms-and-conditions'],
      ].sort(),
      member: [
        ...['/account', '/conversations', '/create-zone', '/home', '/lives', '/lives/:id', '/lives/new'],
        '/messages/:id',
        ...['/moderation', '/moderation/case/:id', '/moderation/held', '/moderation/member/:id'],
        '/moderation/verifications',
        ...['/notifications', '/post/:id', '/posts', '/posts/requests', '/profile/:id', '/swap'],
        ...['/update-zone/:id', '/zone/:id', '/zone/:id/member/:user', '/zone/:id/members'],
        ...['/zone/:id/profile/:user', '/zone/:id/settings', '/zones'],
      ].sort(),
      '/settings': [
        ...['*', 'access', 'access/deactivate', 'access/delete', 'access/email', 'access/phone'],
        ...['block-list', 'data-saver', 'index', 'install', 'language', 'match', 'notifications'],
        ...['password', 'photo', 'privacy', 'profile', 'report/:kind/:id', 'verify'],
      ].sort(),
      '/premium': [
        ...['*', 'index', 'journals', 'partnership', 'premium', 'subscribe/:id', 'subscriptions'],
        ...['withdrawal', 'withdrawal/account'],
      ].sort(),
      '*': ['*'],
    });
  });

  it('open to visitors the pages SPEC.md section 2 names, and no other', () => {
    expect(Object.fromEntries(APP.openPages.map((page) => [page.path, page.access]))).toEqual({
      '/': 'guest',
      '/login': 'guest',
      '/register': 'guest',
      '/reset-password': 'guest',
      '/otp': 'visitor',
      '/password': 'visitor',
      '/profile/:id': 'visitor',
      '/post/:id': 'visitor',
      '/zone/:id': 'visitor',
      // The link of a moderation decision's e-mail: a banned member has no session (issue 30).
      '/appeal/:token': 'visitor',
      '/privacy-policy': 'info',
      '/cookie-policy': 'info',
      '/terms-and-conditions': 'info',
      '/safety-standards': 'info',
      '/about': 'info',
    });
  });

  it('list every feature module of the features folder, each once, and a slot is lent by one only', () => {
    const declared = import.meta.glob<Record<string, FeatureModule>>('./features/*/*.feature.tsx', {
      eager: true,
    });
    const modules = Object.values(declared).flatMap((module) => Object.values(module));
    expect(modules.length).toBeGreaterThan(10);
    expect(new Set(FEATURES)).toEqual(new Set(modules));
    expect(FEATURES).toHaveLength(new Set(FEATURES.map((feature) => feature.name)).size);
    const slots = FEATURES.flatMap((feature) => Object.keys(feature.slots ?? {}));
    expect(slots).toHaveLength(new Set(slots).size);
  });
});

describe('the home layout’s parts (layouts/home-parts.ts)', () => {
  it('are every feature’s <name>.home.tsx, in the order of app-features.ts', () => {
    const declared = import.meta.glob<{ homePart: HomePart }>('./features/*/*.home.tsx', { eager: true });
    const byFeature = new Map(
      Object.entries(declared).map(([file, module]) => [file.split('/')[2], module.homePart]),
    );
    expect(byFeature.size).toBeGreaterThan(5);
    const inOrder = FEATURES.flatMap((feature) => byFeature.get(feature.name) ?? []);
    expect(inOrder).toHaveLength(byFeature.size);
    expect(HOME_PARTS).toEqual(inOrder);
    HOME_PARTS.forEach((part, index) => expect(part).toBe(inOrder[index]));
  });
});

describe('a new feature plugs in with its line in the array', () => {
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
  afterEach(() => vi.unstubAllGlobals());

  const plantedPart: HomePart = {
    hosts: [({ userId }) => <p>Planted host for {userId}</p>],
    tabs: [{ to: '/planted', key: 'nav.premium', Icon: IconStar }],
  };
  const planted: FeatureModule = {
    name: 'planted',
    routes: () => ({ member: [openTo('visitor', { path: '/planted/:id', element: <p>Planted</p> })] }),
    homeNamespaces: ['billing'],
  };

  it('its routes, its access, its texts; and its part of the home layout shows its host and tab', async () => {
    const app = composeFeatures([...FEATURES, planted]);
    expect(app.routesOf('member').map((route) => route.path)).toContain('/planted/:id');
    expect(app.openPages).toContainEqual({ path: '/planted/:id', access: 'visitor' });
    expect(app.homeNamespaces).toContain('billing');

    const me = buildMe();
    renderPage('/home', <HomeLayout parts={[plantedPart]} />, { me });
    expect(await screen.findByText(`Planted host for ${me._id}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Premium' }).getAttribute('href')).toBe('/planted');
  });
});
