import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
// After the component, so these come after the core Notification styles they refine.
import '@mantine/notifications/styles.layer.css';
import classes from './notifications-host.module.css';
import { useNoticesOffset } from './notices-offset.ts';

/**
 * Where the notices appear (lib/notices.ts shows them); loaded by DeferredNotifications. At the top,
 * under the page's top bar (the phone header, a thread's or Settings' bar, a sheet's title), so they
 * never cover its back arrow, title, menu, the mark or the bell.
 */
export function NotificationsHost() {
  const offset = useNoticesOffset();
  return (
    <Notifications
      position="top-center"
      limit={3}
      // Only the roots at the top (Mantine draws one root per position, the bottom ones included).
      classNames={{ root: classes.root }}
      style={{ '--notices-below-bars': `${offset}px` } as CSSProperties}
    />
  );
}
