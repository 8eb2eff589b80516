import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

/**
 * Lives (issue 31, docs/lives.md): the lives on air, going live, one live (its broadcaster's screen
 * or a viewer's); the LIVE rings lent to home's stories row (slots), loaded with home, never with
 * the start page.
 */
export const livesFeature: FeatureModule = {
  name: 'lives',
  routes: () => ({
    member: [
      page('/lives/new', () => import('./broadcast/go-live-page.tsx'), 'GoLivePage', ['lives']),
      page('/lives/:id', () => import('./live-page.tsx'), 'LivePage', ['lives']),
      page('/lives', () => import('./lives-page.tsx'), 'LivesPage', ['lives']),
    ],
  }),
  slots: {
    homeLives: () =>
      Promise.all([import('./live-rings.tsx'), loadNamespaces(['lives'])]).then(([rings]) => rings.LiveRings),
  },
};
