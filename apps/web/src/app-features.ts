import { authFeature } from './features/auth/auth.feature.tsx';
import { billingFeature } from './features/billing/billing.feature.tsx';
import { chatFeature } from './features/chat/chat.feature.tsx';
import { devicesFeature } from './features/devices/devices.feature.tsx';
import { discoveryFeature } from './features/discovery/discovery.feature.tsx';
import { legalFeature } from './features/legal/legal.feature.tsx';
import { moderationFeature } from './features/moderation/moderation.feature.tsx';
import { livesFeature } from './features/lives/lives.feature.tsx';
import { notificationsFeature } from './features/notifications/notifications.feature.tsx';
import { partnershipFeature } from './features/partnership/partnership.feature.tsx';
import { postsFeature } from './features/posts/posts.feature.tsx';
import { publicFeature } from './features/public/public.feature.tsx';
import { safetyFeature } from './features/safety/safety.feature.tsx';
import { settingsFeature } from './features/settings/settings.feature.tsx';
import { usersFeature } from './features/users/users.feature.tsx';
import { zonesFeature } from './features/zones/zones.feature.tsx';
import { composeFeatures } from './lib/compose-features.ts';
import type { FeatureModule } from './lib/feature-module.ts';

/**
 * Every feature of the web app, in order (decision 0036): the router's routes, the home layout's
 * hosts and the tabs follow it (the tabs: home, swap, messages, posts, zones, account). Adding a
 * feature is its folder with a `<name>.feature.tsx` and one line here.
 */
export const FEATURES: readonly FeatureModule[] = [
  publicFeature,
  authFeature,
  legalFeature,
  discoveryFeature,
  chatFeature,
  postsFeature,
  zonesFeature,
  usersFeature,
  notificationsFeature,
  livesFeature,
  settingsFeature,
  safetyFeature,
  devicesFeature,
  billingFeature,
  partnershipFeature,
  moderationFeature,
];

export const APP = composeFeatures(FEATURES);
