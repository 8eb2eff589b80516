import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';
import { askHomeListsEarly } from './home-first-lists.ts';

/** Home, the swap deck and a member's profile; the match screen over every member screen. */
export const discoveryFeature: FeatureModule = {
  name: 'discovery',
  routes: (slots) => ({
    member: [
      page(
        '/home',
        () => {
          // Home's first lists are asked for beside its code, not once it renders.
          askHomeListsEarly();
          // The story tray, the LIVE rings first in its row, and the notices are other features'
          // (slots): the route puts them on home.
          return Promise.all([
            import('./home-page.tsx'),
            slots.homeStories?.(),
            slots.homeLives?.(),
            slots.homeNotices?.(),
          ]).then(([home, Stories, Lives, Notices]) => ({
            HomePage: () => (
              <home.HomePage
                stories={Stories && <Stories lead={Lives && <Lives />} />}
                notices={Notices && <Notices />}
              />
            ),
          }));
        },
        'HomePage',
        ['discovery', 'media'],
      ),
      page('/swap', () => import('./swap-page.tsx'), 'SwapPage', ['discovery']),
      openTo(
        'visitor',
        page(
          '/profile/:id',
          () =>
            Promise.all([import('./profile-page.tsx'), slots.profileTabs?.()]).then(([profile, tabs]) => ({
              ProfilePage: () => <profile.ProfilePage tabs={tabs} />,
            })),
          'ProfilePage',
          // Its menu's texts (ProfileSafetyMenu) too: a namespace the page reads but the route does not
          // load suspends the painted page's takeover until it comes, and React then drew the page
          // anew, its skeleton in between (a tap then landed on what moved under it).
          ['discovery', 'settings', 'safety'],
        ),
      ),
    ],
  }),
  slots: {
    forgetReportedMember: () => import('./discovery.api.ts').then((api) => api.forgetReportedMember),
  },
  homeNamespaces: ['discovery'],
};
