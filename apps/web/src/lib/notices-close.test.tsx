import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../ui/theme.ts';
import { hideOfflineNotice, notify, showOfflineNotice } from './notices.ts';

const renderHost = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
    </MantineProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
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

  it('says the network went when it goes while the notice says the server did not answer', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderHost();
    act(() => showOfflineNotice());
    expect(await screen.findByText('Failed to connect to the server')).toBeTruthy();
    online.mockReturnValue(false);
    act(() => showOfflineNotice());
    expect(await screen.findByText('Not connected to the internet')).toBeTruthy();
    expect(screen.queryByText('Failed to connect to the server')).toBeNull();
  });

  it('waits for its texts when the network goes before the app has them', async () => {
    const errors = i18next.getResourceBundle('en', 'errors') as object;
    i18next.removeResourceBundle('en', 'errors');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // As before i18next has loaded them (the test's i18next holds every namespace from its start).
    vi.spyOn(i18next, 'hasLoadedNamespace').mockImplementation(() =>
      i18next.hasResourceBundle('en', 'errors'),
    );
    const load = vi.spyOn(i18next, 'loadNamespaces').mockImplementation(async () => {
      i18next.addResourceBundle('en', 'errors', errors);
    });
    renderHost();
    act(() => showOfflineNotice());
    expect(await screen.findByText('Not connected to the internet')).toBeTruthy();
    expect(screen.queryByText('network')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
