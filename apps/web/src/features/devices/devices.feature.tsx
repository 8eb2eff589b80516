import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** Settings > Install web app; the app-update screens and the install offer over member screens. */
export const devicesFeature: FeatureModule = {
  name: 'devices',
  routes: () => ({
    settings: [page('install', () => import('./install/install-page.tsx'), 'InstallPage', ['install'])],
  }),
};
