import { Navigate, useLocation, type RouteObject } from 'react-router';
import { NavigationGuard } from './layouts/navigation-guard.tsx';
import { loadNamespaces, loadSharedNamespaces, type Namespace } from './lib/i18n.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { PendingScreen } from './ui/pending-screen.tsx';
import { knownMe, ME_QUERY_KEY, queryClient } from './lib/query-client.ts';
import type { Me } from '@motema/shared/users';
import { RouteError } from './layouts/route-error.tsx';
import type { LegalDoc } from './features/legal/legal-content.ts';
import { askHomeListsEarly } from './features/discovery/home-first-lists.ts';
import { accountPageWithTabs, profilePageWithTabs } from './profile-tabs-routes.tsx';

type Loader = () => Promise<{ [name: string]: React.ComponentType }>;

/**
 * A lazy route: the page's chunk loads on first visit together with its namespaces and the error
 * and validation texts every page but the start page may show (lib/i18n.ts), so it renders complete.
 */
function page(
  path: string | undefined,
  load: Loader,
  name: string,
  namespaces: Namespace[] = [],
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => {
      const [module] = await Promise.all([load(), loadSharedNamespaces(), loadNamespaces(namespaces)]);
      return { Component: module[name] };
    },
  } as RouteObject;
}

/** A lazy layout (or the start page): its chunk and its namespaces, without the shared texts. */
function layout(load: () => Promise<React.ComponentType>, namespaces: Namespace[] = []) {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}

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
  void import('./lib/prefetch-routes.ts').then((module) => module.prefetchRoutes(area, member));
}

/** A screen a later part of the product fills; reachable so navigation and the guard work today. */
function pending(path: string | undefined, titleKey: string): RouteObject {
  const element = <PendingScreen titleKey={titleKey} />;
  return path === undefined ? { index: true, element } : { path, element };
}

function RedirectWithFrom({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate replace to={`${to}?from=${encodeURIComponent(location.pathname + location.search)}`} />;
}

/** A legal page: like page(), and its document loads beside its code (legalLoader), not after it. */
const legal = (path: string, doc: LegalDoc): RouteObject => ({
  path,
  lazy: async () => {
    const [module] = await Promise.all([
      import('./features/legal/legal-page.tsx'),
      loadSharedNamespaces(),
      loadNamespaces(['public']),
    ]);
    return { Component: () => <module.LegalPage doc={doc} />, loader: module.legalLoader(doc) };
  },
});

export const routes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // Without page(): the start page does not wait for the shared texts (bar B5).
          {
            path: '/',
            lazy: layout(
              async () => (await import('./features/public/start-page.tsx')).StartPage,
              ['public'],
            ),
          },
          page('/register', () => import('./features/auth/register-page.tsx'), 'RegisterPage', ['auth']),
          page('/login', () => import('./features/auth/login-page.tsx'), 'LoginPage', ['auth']),
          page('/otp', () => import('./features/auth/otp-page.tsx'), 'OtpPage', ['auth']),
          page('/password', () => import('./features/auth/password-page.tsx'), 'PasswordPage', ['auth']),
          page(
            '/reset-password',
            () => import('./features/auth/reset-password-page.tsx'),
            'ResetPasswordPage',
            ['auth'],
          ),
          legal('/privacy-policy', 'privacy'),
          legal('/cookie-policy', 'cookies'),
          legal('/terms-and-conditions', 'terms'),
          legal('/safety-standards', 'safety'),
          legal('/about', 'about'),
        ],
      },
      {
        handle: MEMBER_AREA,
        lazy: layout(async () => {
          const [module] = await Promise.all([import('./layouts/home-layout.tsx'), openKeptQueries()]);
          prefetchMemberArea();
          return module.HomeLayout;
        }, ['chat', 'discovery', 'notifications']),
        children: [
          page(
            '/home',
            () => {
              // Home's first lists are asked for beside its code, not once it renders.
              askHomeListsEarly();
              // The story tray is the posts feature's: the route puts it on home (features meet here).
              return Promise.all([
                import('./features/discovery/home-page.tsx'),
                import('./features/posts/stories/story-tray.tsx'),
              ]).then(([home, stories]) => ({
                HomePage: () => <home.HomePage stories={<stories.StoryTray />} />,
              }));
            },
            'HomePage',
            ['discovery', 'media', 'stories'],
          ),
          page('/swap', () => import('./features/discovery/swap-page.tsx'), 'SwapPage', ['discovery']),
          // With the profile's tabs, the posts feature's (profile-tabs-routes.tsx).
          page('/account', accountPageWithTabs, 'AccountPage', ['home', 'media', 'stories']),
          page('/profile/:id', profilePageWithTabs, 'ProfilePage', ['discovery', 'settings', 'stories']),
          page(
            '/conversations',
            () => import('./features/chat/list/conversations-page.tsx'),
            'ConversationsPage',
            ['chat'],
          ),
          page('/messages/:id', () => import('./features/chat/thread/messages-page.tsx'), 'MessagesPage', [
            'chat',
            'thread',
          ]),
          page('/notifications', () => import('./features/notifications/list-page.tsx'), 'NotificationsPage'),
          page('/post/:id', () => import('./features/posts/post/post-page.tsx'), 'PostPage', ['posts']),
          page('/posts', () => import('./features/posts/feed/posts-page.tsx'), 'PostsPage', ['posts']),
          page(
            '/posts/requests',
            () => import('./features/posts/requests/post-requests-page.tsx'),
            'PostRequestsPage',
            ['posts'],
          ),
          pending('/lives', 'screens.lives'),
          pending('/zone/:id/profile/:user', 'screens.zoneProfile'),
          pending('/zone/:id/member/:user', 'screens.zoneMember'),
          pending('/zone/:id/members', 'screens.zoneMembers'),
          pending('/zone/:id/settings', 'screens.zoneSettings'),
          pending('/zone/:id', 'screens.zone'),
          pending('/update-zone/:id', 'screens.updateZone'),
          pending('/create-zone', 'screens.createZone'),
          pending('/zones', 'nav.zones'),
        ],
      },
      {
        path: '/settings',
        handle: MEMBER_AREA,
        lazy: layout(async () => {
          prefetchMemberArea();
          return (await import('./layouts/settings-layout.tsx')).SettingsLayout;
        }, ['settings']),
        children: [
          page(undefined, () => import('./features/settings/settings-index-page.tsx'), 'SettingsIndexPage'),
          page(
            'profile',
            () => import('./features/settings/profile-settings-page.tsx'),
            'ProfileSettingsPage',
          ),
          page('match', () => import('./features/settings/match-settings-page.tsx'), 'MatchSettingsPage'),
          page('photo', () => import('./features/settings/photo-step-page.tsx'), 'PhotoStepPage', ['media']),
          page(
            'language',
            () => import('./features/settings/language-settings-page.tsx'),
            'LanguageSettingsPage',
          ),
          page(
            'password',
            () => import('./features/settings/password-settings-page.tsx'),
            'PasswordSettingsPage',
          ),
          page('access', () => import('./features/settings/access-settings-page.tsx'), 'AccessSettingsPage'),
          page(
            'access/email',
            () => import('./features/settings/email-settings-page.tsx'),
            'EmailSettingsPage',
          ),
          page(
            'access/phone',
            () => import('./features/settings/phone-settings-page.tsx'),
            'PhoneSettingsPage',
          ),
          page(
            'access/deactivate',
            () => import('./features/settings/deactivate-page.tsx'),
            'DeactivatePage',
          ),
          page(
            'access/delete',
            () => import('./features/settings/delete-account-page.tsx'),
            'DeleteAccountPage',
          ),
          page(
            'data-saver',
            () => import('./features/settings/data-saver-settings-page.tsx'),
            'DataSaverSettingsPage',
          ),
          page('block-list', () => import('./features/safety/block-list-page.tsx'), 'BlockListPage'),
          page(
            'report/profile/:id',
            // The report page takes discovery's forgetting of the reported member: the lists the app
            // returns to no longer show them (features meet here, not inside each other).
            () =>
              Promise.all([
                import('./features/safety/report-page.tsx'),
                import('./features/discovery/discovery.api.ts'),
              ]).then(([report, discovery]) => ({
                Page: () => <report.ReportPage forgetReported={discovery.forgetReportedMember} />,
              })),
            'Page',
          ),
          page(
            'notifications',
            () => import('./features/notifications/notification-settings-page.tsx'),
            'NotificationSettingsPage',
            ['push'],
          ),
          page('install', () => import('./features/devices/install/install-page.tsx'), 'InstallPage', [
            'install',
          ]),
          { path: '*', element: <RedirectWithFrom to="/settings" /> },
        ],
      },
      {
        path: '/premium',
        handle: MEMBER_AREA,
        lazy: async () => ({ Component: (await import('./layouts/premium-layout.tsx')).PremiumLayout }),
        children: [
          page(undefined, () => import('./features/billing/premium-list-page.tsx'), 'PremiumListPage', [
            'billing',
          ]),
          page('premium', () => import('./features/billing/premium-page.tsx'), 'PremiumPage', ['billing']),
          page(
            'subscriptions',
            () => import('./features/billing/subscriptions-page.tsx'),
            'SubscriptionsPage',
            ['billing'],
          ),
          page('subscribe/:id', () => import('./features/billing/subscribe-page.tsx'), 'SubscribePage', [
            'billing',
          ]),
          pending('partnership', 'premium.partnership'),
          pending('journals', 'premium.journals'),
          pending('withdrawal', 'premium.withdrawal'),
          pending('withdrawal/account', 'premium.withdrawalAccount'),
          { path: '*', element: <RedirectWithFrom to="/premium" /> },
        ],
      },
      { path: '*', element: <RedirectWithFrom to="/" /> },
    ],
  },
];
