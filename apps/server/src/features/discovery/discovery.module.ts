import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { registerDiscoveryRealtime, tellMatch } from './discovery-realtime.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import { endMatchBetween } from './ratings.service.ts';
import { discoveryNotifications } from './discovery-notifications.service.ts';
import { profileLinkPreview } from './profile-link-preview.ts';
import { discoveryAccountRemovalHook } from './account-removal-hook.ts';

export const discoveryModule: FeatureModule = {
  name: 'discovery',
  routes: [routes(discoveryRoutes, ({ deps, ports }) => ({ ...deps, childAccounts: ports.childAccounts }))],
  publicRoutes: [
    // A member's public profile, which a visitor may open from a shared link (SPEC section 2).
    'GET /api/users/:id',
  ],
  notifications: discoveryNotifications,
  // A shared link to a profile: its preview card, of what a visitor may see.
  linkPreviews: [profileLinkPreview],
  // A member's deletion: the members they rated or visited, their popularity computed again.
  accountHooks: [discoveryAccountRemovalHook],
  realtime: ({ deps, realtime }) => registerDiscoveryRealtime(realtime, deps.db),
  subscribers: ({ deps: { db, events }, realtime }) => {
    events.on('match.made', tellMatch(realtime, db));
    // A block ends the two members' match.
    events.on('block.changed', async ({ blockerId, blockedId, blocked }) => {
      if (blocked) await endMatchBetween(db, blockerId, blockedId);
    });
  },
};
