import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, pending } from '../../lib/feature-routes.tsx';

/** Zones, coming in a later part of the product: their screens say so, reachable from their tab. */
export const zonesFeature: FeatureModule = {
  name: 'zones',
  routes: () => ({
    member: [
      pending('/zone/:id/profile/:user', 'screens.zoneProfile'),
      pending('/zone/:id/member/:user', 'screens.zoneMember'),
      pending('/zone/:id/members', 'screens.zoneMembers'),
      pending('/zone/:id/settings', 'screens.zoneSettings'),
      openTo('visitor', pending('/zone/:id', 'screens.zone')),
      pending('/update-zone/:id', 'screens.updateZone'),
      pending('/create-zone', 'screens.createZone'),
      pending('/zones', 'nav.zones'),
    ],
  }),
};
