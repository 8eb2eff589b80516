import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BUILD } from '@motema/shared/devices';
import { AppUpdates } from '../../../features/devices/updates/app-updates.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { buildMe } from '../../../test/render-page.tsx';
import { theme } from '../../../ui/theme.ts';
import { rememberDeviceIdentity } from '../../device-identity.ts';
import { ME_QUERY_KEY } from '../../query-client.ts';
import { SocketProvider } from '../../socket.ts';
import { IOS_INFO, fakeShellPlugins, shellRouter } from './native-fixtures.ts';
import { STORE_URLS } from './app-worker.ts';
import { startNativeShell, stopFollowingServerMedia } from './start.ts';

// A worker's test files share one document: the media follower of a started shell stops with its test.
afterEach(stopFollowingServerMedia);

const DEVICE = '5b0c8a1e-3f3e-4d1c-9d4e-2f6f1f0b7a11';

/** The update notices as the home layout mounts them, with the platform's own way to update. */
function renderUpdates() {
  const socket = new FakeSocket();
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, buildMe());
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <SocketProvider userId="u1" open={() => socket.asSocket()}>
          <AppUpdates />
        </SocketProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return socket;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('an update in the native shell (device:{id})', () => {
  it('opens the store’s page of the app rather than reloading', async () => {
    await startNativeShell(shellRouter(), fakeShellPlugins().asPlugins());
    rememberDeviceIdentity({ id: DEVICE, build: APP_BUILD });
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    const socket = renderUpdates();
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: true, url: '/' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(STORE_URLS.android));
    expect(STORE_URLS.android).toBe('https://play.google.com/store/apps/details?id=app.motema');
  });

  it('opens the App Store’s on an iPhone', async () => {
    await startNativeShell(shellRouter(), fakeShellPlugins({ info: IOS_INFO }).asPlugins());
    rememberDeviceIdentity({ id: DEVICE, build: APP_BUILD });
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    const socket = renderUpdates();
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: false, url: '/' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(STORE_URLS.ios));
  });
});
