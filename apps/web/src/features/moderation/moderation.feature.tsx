import { Navigate, type RouteObject } from 'react-router';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';
import { loadNamespaces, type Namespace } from '../../lib/i18n.ts';
import { knownMe, queryClient } from '../../lib/query-client.ts';
import { meQueryOptions } from '../users/users.api.ts';

/** What a member opening a console address gets: what any unknown address gives (router.tsx), home. */
const NotFound = () => <Navigate replace to="/" />;

/**
 * Whether the member is staff, by the profile's answer (the one main.tsx asked for, or the cached one):
 * the profile this device remembers may be older than a role just granted. Offline, the remembered one.
 */
async function isStaff(): Promise<boolean> {
  const me = await queryClient.fetchQuery(meQueryOptions).catch(() => knownMe(queryClient));
  return me?.role === 'moderator' || me?.role === 'admin';
}

/**
 * A console page (docs/moderation-console.md): its chunk loads only for staff. A member never
 * downloads it, not even by the member area's prefetch (router.tsx), and gets what an unknown address
 * gives; the API answers them 404 all the same (a 404 shows the same, console-screen.tsx).
 */
function staffPage(
  path: string,
  load: () => Promise<{ [name: string]: React.ComponentType }>,
  name: string,
  namespaces: Namespace[] = [],
) {
  const route = page(path, load, name, ['moderation', 'safety', ...namespaces]);
  const lazy = route.lazy as () => Promise<object>;
  return {
    ...route,
    lazy: async () => ((await isStaff()) ? lazy() : { Component: NotFound }),
  } as RouteObject;
}

const pages = () => import('./console-pages.ts');

/**
 * Moderation: the staff's console at /moderation (queue, case, member history, and the verification
 * and held-message queues), and the member's side: the appeal page (open signed out, from the
 * action's e-mail) and their notices above home's lists (the `homeNotices` slot).
 */
export const moderationFeature: FeatureModule = {
  name: 'moderation',
  routes: () => ({
    public: [
      openTo(
        'visitor',
        page('/appeal/:token', () => import('./appeal-page.tsx'), 'AppealPage', ['appeals']),
      ),
    ],
    member: [
      staffPage('/moderation', pages, 'QueuePage'),
      staffPage('/moderation/case/:id', pages, 'CasePage'),
      staffPage('/moderation/member/:id', pages, 'MemberHistoryPage'),
      staffPage(
        '/moderation/verifications',
        () => import('./verifications/verification-queue-page.tsx'),
        'default',
        ['verification'],
      ),
      staffPage('/moderation/held', () => import('./held/held-messages-page.tsx'), 'default', ['held']),
    ],
  }),
  slots: {
    homeNotices: () =>
      Promise.all([import('./notices-banner.tsx'), loadNamespaces(['appeals'])]).then(
        ([module]) => module.NoticesBanner,
      ),
  },
};
