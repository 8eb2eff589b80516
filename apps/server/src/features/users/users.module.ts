import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { registerPresence } from './presence-realtime.ts';
import { usersRoutes } from './users.routes.ts';

export const usersModule: FeatureModule = {
  name: 'users',
  routes: [routes(usersRoutes)],
  realtime: ({ deps, realtime }) => registerPresence(realtime, deps.db),
};
