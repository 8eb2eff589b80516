import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { theme } from '../../ui/theme.ts';

/**
 * Test helper: the app's notices, mounted apart from the page as main.tsx does, so a notice shown
 * just before a navigation is still there to be read.
 */
export function renderNotices() {
  // The notices store outlives a test: start each one without the previous test's notices.
  notifications.clean();
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
    </MantineProvider>,
  );
}
