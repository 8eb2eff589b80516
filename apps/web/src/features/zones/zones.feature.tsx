import { lazy } from 'react';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';

const inner = () => import('./zone-manage-pages.ts');

/**
 * Zones (issue 28): the tab, a zone's page (open to visitors), its members, settings and forms. Its
 * feed is the posts feature's (slots), loaded only when a screen shows it (never to a visitor).
 */
export const zonesFeature: FeatureModule = {
  name: 'zones',
  routes: (slots) => {
    const load = slots.zoneFeed;
    const feed = load && lazy(() => load().then((ZoneFeed) => ({ default: ZoneFeed })));
    return {
      member: [
        page(
          '/zone/:id/profile/:user',
          () => inner().then((pages) => ({ ZoneProfilePage: () => <pages.ZoneProfilePage feed={feed} /> })),
          'ZoneProfilePage',
          ['zones'],
        ),
        page('/zone/:id/member/:user', inner, 'ZoneMemberPage', ['zones']),
        page('/zone/:id/members', inner, 'ZoneMembersPage', ['zones']),
        page('/zone/:id/settings', inner, 'ZoneSettingsPage', ['zones']),
        openTo(
          'visitor',
          page(
            '/zone/:id',
            () =>
              import('./zone-page.tsx').then((zone) => ({ ZonePage: () => <zone.ZonePage feed={feed} /> })),
            'ZonePage',
            ['zones'],
          ),
        ),
        page('/update-zone/:id', inner, 'UpdateZonePage', ['zones']),
        page('/create-zone', inner, 'CreateZonePage', ['zones']),
        page('/zones', () => import('./zones-page.tsx'), 'ZonesPage', ['zones']),
      ],
    };
  },
};
