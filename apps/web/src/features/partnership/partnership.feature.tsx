import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/**
 * The partnership programme (issue 29) in Premium: the overview (or what it is and Join), the
 * journals, a withdrawal and the number withdrawals go to. Each page is its own chunk.
 */
export const partnershipFeature: FeatureModule = {
  name: 'partnership',
  routes: () => ({
    premium: [
      page('partnership', () => import('./partnership-page.tsx'), 'PartnershipPage', ['partnership']),
      page('journals', () => import('./journals-page.tsx'), 'JournalsPage', ['partnership']),
      page('withdrawal', () => import('./withdrawal-page.tsx'), 'WithdrawalPage', ['partnership']),
      page('withdrawal/account', () => import('./withdrawal-account-page.tsx'), 'WithdrawalAccountPage', [
        'partnership',
      ]),
    ],
  }),
};
