import type { RouteObject } from 'react-router';
import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo } from '../../lib/feature-routes.tsx';
import { loadNamespaces, loadSharedNamespaces } from '../../lib/i18n.ts';
import type { LegalDoc } from './legal-content.ts';

/** A legal page: like page(), and its document loads beside its code (legalLoader), not after it. */
const legal = (path: string, doc: LegalDoc): RouteObject =>
  openTo('info', {
    path,
    lazy: async () => {
      const [module] = await Promise.all([
        import('./legal-page.tsx'),
        loadSharedNamespaces(),
        loadNamespaces(['public']),
      ]);
      return { Component: () => <module.LegalPage doc={doc} />, loader: module.legalLoader(doc) };
    },
  });

/** The legal pages and the about page, open to anyone, a member in onboarding too. */
export const legalFeature: FeatureModule = {
  name: 'legal',
  routes: () => ({
    public: [
      legal('/privacy-policy', 'privacy'),
      legal('/cookie-policy', 'cookies'),
      legal('/terms-and-conditions', 'terms'),
      legal('/safety-standards', 'safety'),
      legal('/about', 'about'),
    ],
  }),
};
