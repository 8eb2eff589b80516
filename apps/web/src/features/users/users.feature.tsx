import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** The member's own account page, with their profile's tabs (slots), and its tab. */
export const usersFeature: FeatureModule = {
  name: 'users',
  routes: (slots) => ({
    member: [
      page(
        '/account',
        () =>
          Promise.all([import('./account-page.tsx'), slots.profileTabs?.()]).then(([account, tabs]) => ({
            AccountPage: () => <account.AccountPage tabs={tabs} />,
          })),
        'AccountPage',
        ['home', 'media'],
      ),
    ],
  }),
};
