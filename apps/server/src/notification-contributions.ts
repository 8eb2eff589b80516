import type { NotificationContribution } from './notification-port.ts';
import { billingNotifications } from './features/billing/payments/payment-notifications.service.ts';
import { discoveryNotifications } from './features/discovery/discovery-notifications.service.ts';
import { postsNotifications } from './features/posts/posts-notifications.service.ts';

/**
 * Every kind of notification the list shows, by the feature that owns it (the notification port,
 * decision 0037): buildApp gives this list to the notifications feature. A feature adding a kind adds
 * its contribution here, from its own folder.
 */
export const NOTIFICATION_CONTRIBUTIONS: readonly NotificationContribution[] = [
  ...discoveryNotifications,
  ...postsNotifications,
  ...billingNotifications,
];
