import { authModule } from '../features/auth/auth.module.ts';
import { billingModule } from '../features/billing/billing.module.ts';
import { chatModule } from '../features/chat/chat.module.ts';
import { devModule } from '../features/dev/dev.module.ts';
import { devicesModule } from '../features/devices/devices.module.ts';
import { discoveryModule } from '../features/discovery/discovery.module.ts';
import { livesModule } from '../features/lives/lives.module.ts';
import { mediaModule } from '../features/media/media.module.ts';
import { moderationModule } from '../features/moderation/moderation.module.ts';
import { moneyModule } from '../features/money/money.module.ts';
import { notificationsModule } from '../features/notifications/notifications.module.ts';
import { partnershipModule } from '../features/partnership/partnership.module.ts';
import { postsModule } from '../features/posts/posts.module.ts';
import { safetyModule } from '../features/safety/safety.module.ts';
import { usersModule } from '../features/users/users.module.ts';
import { verificationModule } from '../features/verification/verification.module.ts';
import { zonesModule } from '../features/zones/zones.module.ts';
import type { FeatureModule } from './feature-module.ts';
import { routeListsOf } from './plug-in.ts';

/**
 * Every server feature, in the order the app plugs them in (decision 0033): their routes, realtime
 * handlers, event subscribers, workers and periodic jobs, each kind in this order. A feature's
 * subscribers hear an event after those of the features above it: discovery ends a match on a block
 * before chat announces it, and the notifications' badges and pushes come after the others' emitters.
 */
export const featureModules: readonly FeatureModule[] = [
  authModule,
  usersModule,
  mediaModule,
  discoveryModule,
  safetyModule,
  chatModule,
  postsModule,
  moneyModule,
  billingModule,
  partnershipModule,
  zonesModule,
  livesModule,
  moderationModule,
  verificationModule,
  notificationsModule,
  devicesModule,
  devModule,
];

/**
 * The routes a visitor may call without a session, and those exempt from the origin rule: the
 * plugins' own and what the modules list (routes-fuzz.test.ts and same-origin.test.ts check them).
 */
export const { publicRoutes: PUBLIC_ROUTES, crossOriginRoutes: CROSS_ORIGIN_ROUTES } =
  routeListsOf(featureModules);
