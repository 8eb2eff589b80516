import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../ui/theme.ts';
import { hideOfflineNotice, notify, showOfflineNotice } from './notices.ts';

const renderHost = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
    </MantineProvider>,
  );

afterEach(() => {
  act(() => {
    hideOfflineNotice();
    notifications.clean();
  });
});

describe('notices', () => {
  it('name their close button, an icon (axe: button-name)', async () => {
    renderHost();
    act(() => notify('negative', 'That did not work'));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('name the offline notice close button too', async () => {
    renderHost();
    act(() => showOfflineNotice());
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
