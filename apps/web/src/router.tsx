import { Navigate, useLocation, type RouteObject } from 'react-router';
import { NavigationGuard } from './layouts/navigation-guard.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { knownMe, ME_QUERY_KEY, queryClient } from './lib/query-client.ts';
import type { Me } from '@motema/shared/users';
import { RouteError } from './layouts/route-error.tsx';
import { PageSkeleton } from './ui/page-skeleton.tsx';
import { layout } from './lib/feature-routes.tsx';
import { APP } from './app-features.ts';
import { afterFirstPage } from './lib/after-first-page.ts';

/**
 * What the member's screens keep on the device (lib/persisted-queries.ts), read beside the member
 * area's code so a reload without network shows the conversations and threads read last. Not
 * waited for more than a moment: a slow disk must not hold the screens back.
 */
function openKeptQueries(): Promise<void> {
  const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
  // A visitor keeps nothing.
  if (me === null || typeof indexedDB === 'undefined') return Promise.resolve();
  // Before the profile answers, the member last seen on this device. On a device that has not seen
  // the member yet there is none: the cache then opens when the profile answers (it follows it).
  const memberId = knownMe(queryClient)?._id ?? null;
  const opened = import('./lib/persisted-queries.ts').then((module) => {
    // The profile may have answered while the module loaded.
    const known = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
    return module.openMemberCache(queryClient, known === undefined ? memberId : (known?._id ?? null));
  });
  return Promise.race([opened, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

/** Marks the member area's layouts: their screens are prefetched for a member (prefetchMemberArea). */
const MEMBER_AREA = { memberArea: true } as const;

/**
 * Once a member is in, the code and texts of every member screen load in the background (when
 * idle, lib/prefetch-routes.ts), so each tab opens offline too, not only those already visited.
 */
function prefetchMemberArea(): void {
  const member = () => Boolean(knownMe(queryClient));
  if (!member()) return;
  const area = routes
    .flatMap((route) => route.children ?? [])
    .filter((route) => route.handle === MEMBER_AREA);
  // Its code too waits for the first page (not among home's first requests, decision 0056).
  afterFirstPage(
    () => void import('./lib/prefetch-routes.ts').then((module) => module.prefetchRoutes(area, member)),
  );
}

function RedirectWithFrom({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate replace to={`${to}?from=${encodeURIComponent(location.pathname + location.search)}`} />;
}

/**
 * The layouts, and in each the routes the features declare (app-features.ts, decision 0036): the
 * visitors' pages, the member area (the home layout, with the features' hosts and tabs,
 * layouts/home-parts.ts), Settings and Premium.
 */
export const routes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    errorElement: <RouteError />,
    // The first page before its code arrived, where nothing painted it (main.tsx): its shape, not a blank.
    HydrateFallback: PageSkeleton,
    children: [
      { element: <PublicLayout />, children: APP.routesOf('public') },
      {
        handle: MEMBER_AREA,
        lazy: layout(async () => {
          const [module] = await Promise.all([import('./layouts/home-layout.tsx'), openKeptQueries()]);
          prefetchMemberArea();
          return module.HomeLayout;
        }, APP.homeNamespaces),
        children: APP.routesOf('member'),
      },
      {
        path: '/settings',
        handle: MEMBER_AREA,
        lazy: layout(async () => {
          prefetchMemberArea();
          return (await import('./layouts/settings-layout.tsx')).SettingsLayout;
        }, ['settings']),
        children: [...APP.routesOf('settings'), { path: '*', element: <RedirectWithFrom to="/settings" /> }],
      },
      {
        path: '/premium',
        handle: MEMBER_AREA,
        lazy: async () => ({ Component: (await import('./layouts/premium-layout.tsx')).PremiumLayout }),
        children: [...APP.routesOf('premium'), { path: '*', element: <RedirectWithFrom to="/premium" /> }],
      },
      { path: '*', element: <RedirectWithFrom to="/" /> },
    ],
  },
];
