import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** The notifications list and their settings; the bell, the tabs' badges and web push's prompt. */
export const notificationsFeature: FeatureModule = {
  name: 'notifications',
  routes: () => ({
    member: [page('/notifications', () => import('./list-page.tsx'), 'NotificationsPage')],
    settings: [
      page('notifications', () => import('./notification-settings-page.tsx'), 'NotificationSettingsPage', [
        'push',
      ]),
    ],
  }),
  homeNamespaces: ['notifications'],
};
