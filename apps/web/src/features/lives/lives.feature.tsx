import type { FeatureModule } from '../../lib/feature-module.ts';
import { pending } from '../../lib/feature-routes.tsx';

/** Lives, coming in a later part of the product: the screen says so. */
export const livesFeature: FeatureModule = {
  name: 'lives',
  routes: () => ({ member: [pending('/lives', 'screens.lives')] }),
};
