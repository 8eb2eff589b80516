import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { safetyRoutes } from './safety.routes.ts';

export const safetyModule: FeatureModule = {
  name: 'safety',
  // Reports may point at a post or a comment, which the posts feature checks, or at a zone, which
  // the zones feature checks, or at a chat message, which the chat feature checks (safety depends on none).
  routes: [
    routes(safetyRoutes, ({ deps, ports }) => ({
      ...deps,
      reportTargets: ports.reportTargets,
      reportedZones: ports.reportedZones,
      reportedMessages: ports.reportedMessages,
    })),
  ],
};
