import { Navigate, type RouteObject } from 'react-router';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { knownMe, queryClient } from '../../lib/query-client.ts';

/** What a member opening a console address gets: what any unknown address gives (router.tsx), home. */
const NotFound = () => <Navigate replace to="/" />;

/**
 * A console page (docs/moderation.md): its chunk loads only for staff. A member known to this device
 * never downloads it, not even by the member area's prefetch (router.tsx), and gets what an unknown
 * address gives; for anyone else the page loads and the API decides (a 404 shows the same).
 */
function staffPage(path: string, load: () => Promise<{ [name: string]: React.ComponentType }>, name: string) {
  const route = page(path, load, name, ['moderation', 'safety']);
  const lazy = route.lazy as () => Promise<object>;
  return {
    ...route,
    lazy: () => (knownMe(queryClient)?.role === 'member' ? Promise.resolve({ Component: NotFound }) : lazy()),
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
      ),
      staffPage('/moderation/held', () => import('./held/held-messages-page.tsx'), 'default'),
    ],
  }),
  slots: {
    homeNotices: () =>
      Promise.all([import('./notices-banner.tsx'), loadNamespaces(['appeals'])]).then(
        ([module]) => module.NoticesBanner,
      ),
  },
};
