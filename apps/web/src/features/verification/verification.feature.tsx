import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** Selfie verification (docs/verification.md): Settings > Verify your profile. */
export const verificationFeature: FeatureModule = {
  name: 'verification',
  routes: () => ({
    settings: [page('verify', () => import('./verify-page.tsx'), 'VerifyPage', ['verification'])],
  }),
};
