import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { verificationRoutes } from './verification.routes.ts';
import { queuePhotoChange } from './verification.service.ts';

export const verificationModule: FeatureModule = {
  name: 'verification',
  routes: [routes(verificationRoutes)],
  // A verified member's new main photo (the users feature cleared the badge) waits for a moderator.
  subscribers: ({ deps }) => {
    deps.events.on('verification.held', ({ userId }) => queuePhotoChange(deps.db, userId));
  },
};
