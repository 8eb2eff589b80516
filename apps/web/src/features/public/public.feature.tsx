import type { FeatureModule } from '../../lib/feature-module.ts';
import { layout, openTo } from '../../lib/feature-routes.tsx';

/** The start page: a visitor's first screen (a member is sent home). */
export const publicFeature: FeatureModule = {
  name: 'public',
  routes: () => ({
    public: [
      // Without page(): the start page does not wait for the shared texts (bar B5).
      openTo('guest', {
        path: '/',
        lazy: layout(async () => (await import('./start-page.tsx')).StartPage, ['public']),
      }),
    ],
  }),
};
