import type { FeatureModule } from '../../modules/feature-module.ts';

/** Lives (docs/lives.md): going live, watching, the live's chat and reactions, and their moderation. */
export const livesModule: FeatureModule = {
  name: 'lives',
};
