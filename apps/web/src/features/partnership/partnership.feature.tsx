import type { FeatureModule } from '../../lib/feature-module.ts';
import { pending } from '../../lib/feature-routes.tsx';

/** The partnership, its journals and withdrawals, coming in a later part: in Premium, they say so. */
export const partnershipFeature: FeatureModule = {
  name: 'partnership',
  routes: () => ({
    premium: [
      pending('partnership', 'premium.partnership'),
      pending('journals', 'premium.journals'),
      pending('withdrawal', 'premium.withdrawal'),
      pending('withdrawal/account', 'premium.withdrawalAccount'),
    ],
  }),
};
