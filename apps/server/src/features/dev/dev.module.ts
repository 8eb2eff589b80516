import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import type { AppDeps } from '../../deps.ts';
import { devRoutes } from './dev.routes.ts';

export const devModule: FeatureModule = {
  name: 'dev',
  onlyOutsideProduction: true,
  // Its own paths (/dev/mailbox, /dev/payments, /api/dev/outbox), outside the /api context.
  routes: [routes(devRoutes, ({ deps }): AppDeps => deps, '')],
  // The development outbox (/dev/mailbox reads it): never registered in production.
  publicRoutes: ['GET /api/dev/outbox'],
};
