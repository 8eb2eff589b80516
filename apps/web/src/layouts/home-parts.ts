import { homePart as billing } from '../features/billing/billing.home.tsx';
import { homePart as chat } from '../features/chat/chat.home.tsx';
import { homePart as devices } from '../features/devices/devices.home.tsx';
import { homePart as discovery } from '../features/discovery/discovery.home.tsx';
import { homePart as notifications } from '../features/notifications/notifications.home.tsx';
import { homePart as posts } from '../features/posts/posts.home.tsx';
import { homePart as users } from '../features/users/users.home.tsx';
import { homePart as verification } from '../features/verification/verification.home.tsx';
import { homePart as zones } from '../features/zones/zones.home.tsx';
import type { HomePart } from '../lib/feature-module.ts';

/**
 * The features' parts of the home layout (`features/<name>/<name>.home.tsx`: hosts, tabs), in the
 * order of app-features.ts (app-features.test.tsx checks both). In the layout's chunk, not the
 * entry's: each lazily loaded on its own was a chunk of its own and a preload list in the entry
 * (decision 0036).
 */
export const HOME_PARTS: readonly HomePart[] = [
  discovery,
  chat,
  posts,
  zones,
  users,
  notifications,
  devices,
  billing,
  verification,
];
