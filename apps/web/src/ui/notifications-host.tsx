import { Notifications } from '@mantine/notifications';
// After the component, so these come after the core Notification styles they refine.
import '@mantine/notifications/styles.css';

/** Where the notices appear (lib/notices.ts shows them); loaded by DeferredNotifications. */
export function NotificationsHost() {
  return <Notifications position="top-center" limit={3} />;
}
