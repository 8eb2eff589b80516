import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { memberModerationSubject } from './moderation-subject.service.ts';
import { registerPresence } from './presence-realtime.ts';
import { usersRoutes } from './users.routes.ts';

export const usersModule: FeatureModule = {
  name: 'users',
  routes: [routes(usersRoutes)],
  realtime: ({ deps, realtime }) => registerPresence(realtime, deps.db),
  // A reported member's profile: the case's snapshot, and a moderator's removal of its text.
  moderationSubjects: [memberModerationSubject],
};
