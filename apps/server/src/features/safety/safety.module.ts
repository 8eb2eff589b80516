import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { safetyRoutes } from './safety.routes.ts';

export const safetyModule: FeatureModule = {
  name: 'safety',
  // Reports may point at a post, a comment or a story, which the posts feature checks, a photo (media),
  // a message (chat), or at a zone, which the zones feature checks (safety depends on none of them); each joins its moderation case (the
  // moderation feature's port).
  routes: [
    routes(safetyRoutes, ({ deps, ports }) => ({
      ...deps,
      reportTargets: ports.reportTargets,
      reportedZones: ports.reportedZones,
      reportedPhotos: ports.reportedPhotos,
      reportedMessages: ports.reportedMessages,
      reportedLives: ports.reportedLives,
      reportCases: ports.reportCases,
    })),
  ],
};
