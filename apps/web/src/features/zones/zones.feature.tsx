import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';

const inner = () => import('./zone-manage-pages.ts');

/** Zones (issue 28): the tab, a zone's page (open to visitors), its members, settings and forms. */
export const zonesFeature: FeatureModule = {
  name: 'zones',
  routes: () => ({
    member: [
      page('/zone/:id/profile/:user', inner, 'ZoneProfilePage', ['zones']),
      page('/zone/:id/member/:user', inner, 'ZoneMemberPage', ['zones']),
      page('/zone/:id/members', inner, 'ZoneMembersPage', ['zones']),
      page('/zone/:id/settings', inner, 'ZoneSettingsPage', ['zones']),
      openTo(
        'visitor',
        page('/zone/:id', () => import('./zone-page.tsx'), 'ZonePage', ['zones']),
      ),
      page('/update-zone/:id', inner, 'UpdateZonePage', ['zones']),
      page('/create-zone', inner, 'CreateZonePage', ['zones']),
      page('/zones', () => import('./zones-page.tsx'), 'ZonesPage', ['zones']),
    ],
  }),
};
