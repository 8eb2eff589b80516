import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { callsOf, withStatus, stubBillingApi } from './billing-fixtures.ts';
import { renderNotices } from '../safety/render-notices.tsx';
import { BillingRealtime } from './billing-realtime.tsx';

beforeEach(() => void renderNotices());
afterEach(() => vi.unstubAllGlobals());

/** The page rendered at `url`, once it listens for the event. */
async function renderAt(url: string) {
  const socket = new FakeSocket();
  renderPage(
    '*',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <BillingRealtime />
    </SocketContext>,
    { url, me: buildMe() },
  );
  await waitFor(() => expect(socket.listenerCount('billing:payment')).toBe(1));
  return socket;
}

describe('a payment settling while the member is elsewhere in the app', () => {
  it('fetches the payment and says it was received', async () => {
    const fetch = stubBillingApi({ 'GET /api/payments/pay-1': () => withStatus('SUCCESS') });
    const socket = await renderAt('/swap');
    socket.serverEmit('billing:payment', { _id: 'pay-1' });
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(callsOf(fetch)).toContain('GET /api/payments/pay-1');
  });

  it('says a failed one failed', async () => {
    stubBillingApi({ 'GET /api/payments/pay-1': () => withStatus('FAILED') });
    const socket = await renderAt('/messages/c-1');
    socket.serverEmit('billing:payment', { _id: 'pay-1' });
    expect(await screen.findByText('Payment failed')).toBeTruthy();
  });

  it('leaves the outcome to the wizard on its own page', async () => {
    const fetch = stubBillingApi({ 'GET /api/payments/pay-1': () => withStatus('SUCCESS') });
    const socket = await renderAt('/premium/subscribe/plan-1?reference=MTM7K2Q9XA');
    socket.serverEmit('billing:payment', { _id: 'pay-1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsOf(fetch)).not.toContain('GET /api/payments/pay-1');
    expect(screen.queryByText('Payment received')).toBeNull();
  });
});
