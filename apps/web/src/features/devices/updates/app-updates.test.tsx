import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_BUILD, APP_VERSION } from '@motema/shared/devices';
import { rememberDeviceIdentity } from '../../../lib/device-identity.ts';
import { ME_QUERY_KEY } from '../../../lib/query-client.ts';
import { SocketProvider } from '../../../lib/socket.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { buildMe } from '../../../test/render-page.tsx';
import { theme } from '../../../ui/theme.ts';
import { AppUpdates } from './app-updates.tsx';

const DEVICE = '5b0c8a1e-3f3e-4d1c-9d4e-2f6f1f0b7a11';

function renderUpdates(apply = vi.fn(async () => undefined)) {
  const socket = new FakeSocket();
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, buildMe());
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <SocketProvider userId="u1" open={() => socket.asSocket()}>
          <button type="button">Something of the app</button>
          <AppUpdates apply={apply} />
        </SocketProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { socket, apply };
}

describe('app updates (device:{id})', () => {
  beforeEach(() => rememberDeviceIdentity({ id: DEVICE, build: APP_BUILD }));
  afterEach(() => localStorage.clear());

  it('listens on this install’s event only', () => {
    const { socket } = renderUpdates();
    expect(socket.listenerCount(`device:${DEVICE}`)).toBe(1);
    act(() =>
      socket.serverEmit(`device:${crypto.randomUUID()}`, { version: APP_VERSION, required: true, url: '/' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a required update blocks the app with "update now", which loads the new version', async () => {
    const { socket, apply } = renderUpdates();
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: true, url: '/' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Motema' });
    expect(dialog.textContent).toContain('1.40.0');
    // No way out but the update: no close button, Escape does nothing.
    expect(screen.queryByRole('button', { name: /close|later/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Update Motema' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledWith('/');
  });

  it('an optional update is a quiet notice: Reload loads the new version, Later closes it', async () => {
    const { socket, apply } = renderUpdates();
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: false, url: '/' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('A new version of Motema is ready (1.40.0).');
    // Not blocking: the app stays usable around it.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(apply).toHaveBeenCalledWith('/');

    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    // Told again at the next connection: shown again.
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: false, url: '/' }));
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('lets the member try again when the reload could not start', async () => {
    const apply = vi.fn(async () => {
      throw new Error('no');
    });
    const { socket } = renderUpdates(apply);
    act(() => socket.serverEmit(`device:${DEVICE}`, { version: '1.40.0', required: true, url: '/' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update now' }).hasAttribute('data-loading')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledTimes(2);
  });

  it('ignores a payload that is not an update', () => {
    const { socket } = renderUpdates();
    act(() => socket.serverEmit(`device:${DEVICE}`, { required: 'yes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
