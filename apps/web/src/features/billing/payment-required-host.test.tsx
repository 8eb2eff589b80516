import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';

afterEach(() => {
  vi.doUnmock('./payment-required-dialog.tsx');
  vi.resetModules();
});

describe('the payment-required dialog’s host', () => {
  it('lets go of a refusal whose dialog could not download, and shows the next one once it can', async () => {
    vi.resetModules();
    vi.doMock('./payment-required-dialog.tsx', () => {
      throw new Error('offline');
    });
    const { PaymentRequiredHost } = await import('./payment-required-host.tsx');
    const { paymentRequired } = await import('./payment-required.ts');
    renderPage(
      '*',
      <SocketContext value={{ socket: new FakeSocket().asSocket(), connected: true }}>
        <PaymentRequiredHost />
      </SocketContext>,
      { url: '/messages/c-1', me: buildMe() },
    );
    act(() => paymentRequired.ask({ reason: 'UserPopularity', profile: 'u-9' }));
    // Not left open with nothing shown (nor thrown to the page): closed, for the next refusal.
    await waitFor(() => expect(paymentRequired.get()).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.doUnmock('./payment-required-dialog.tsx');
    act(() => paymentRequired.ask({ reason: 'UserPopularity', profile: 'u-9' }));
    expect(await screen.findByRole('dialog', { name: 'Your message is waiting' })).toBeTruthy();
    act(() => paymentRequired.close());
  });
});
