import { Notifications } from '@mantine/notifications';
// After the component, so these come after the core Notification styles they refine.
import '@mantine/notifications/styles.layer.css';
import classes from './notifications-host.module.css';

/**
 * Where the notices appear (lib/notices.ts shows them); loaded by DeferredNotifications. At the top,
 * under the phone header when there is one (its offset, 0 without it), so they never cover the mark
 * and the bell.
 */
export function NotificationsHost() {
  return (
    <Notifications
      position="top-center"
      limit={3}
      // Only the roots at the top (Mantine draws one root per position, the bottom ones included).
      classNames={{ root: classes.root }}
    />
  );
}
