import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** Premium: the plans, a plan, the member's passes and the payment wizard; the paywall's dialog. */
export const billingFeature: FeatureModule = {
  name: 'billing',
  routes: () => ({
    premium: [
      page(undefined, () => import('./premium-list-page.tsx'), 'PremiumListPage', ['billing']),
      page('premium', () => import('./premium-page.tsx'), 'PremiumPage', ['billing']),
      page('subscriptions', () => import('./subscriptions-page.tsx'), 'SubscriptionsPage', ['billing']),
      page('subscribe/:id', () => import('./subscribe-page.tsx'), 'SubscribePage', ['billing']),
    ],
  }),
};
