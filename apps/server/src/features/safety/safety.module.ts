import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { safetyRoutes } from './safety.routes.ts';

export const safetyModule: FeatureModule = {
  name: 'safety',
  // Reports may point at a post or a comment: the posts feature checks them (safety depends on none).
  routes: [routes(safetyRoutes, ({ deps, ports }) => ({ ...deps, reportTargets: ports.reportTargets }))],
};
