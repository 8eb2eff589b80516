import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { paymentRequired } from './payment-required.ts';
import { PaymentRequiredHost } from './payment-required-host.tsx';
import { paywallReturnPath } from './paywall-return.ts';
import { MONTH, PLANS, WEEK, buildPass, stubBillingApi } from './billing-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => paymentRequired.close());
  sessionStorage.clear();
});

function renderHost(url = '/messages/c-1') {
  const socket = new FakeSocket();
  const view = renderPage(
    '*',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <PaymentRequiredHost />
    </SocketContext>,
    { url, me: buildMe() },
  );
  return { ...view, socket };
}

describe('the payment-required dialog', () => {
  it('opens on the socket’s PaymentRequired, names the reason, and leads to the subscriptions with the profile', async () => {
    const { socket } = renderHost();
    await waitFor(() => expect(socket.listenerCount('app:error')).toBe(1));
    act(() =>
      socket.serverEmit('app:error', { action: 'PaymentRequired', profile: 'u-9', error: 'UserPopularity' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your message is waiting' });
    expect(
      within(dialog).getByText(
        'This member is much more popular than you right now. Writing to them first needs Premium.',
      ),
    ).toBeTruthy();
    const links = within(dialog).getAllByRole('link');
    // The paid way first, the free ways after it, in plain sight.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['See Premium', '/premium/subscriptions?profile=u-9'],
      ['Like their profile: if they like you back, you match and chat for free', '/profile/u-9'],
      ['Complete your profile and add photos to raise your popularity', '/settings/profile'],
    ]);
    expect(
      within(dialog).getByText('Your message stays in the chat: send it again whenever you like'),
    ).toBeTruthy();
    // A payment's success leads back to this thread.
    expect(paywallReturnPath('u-9')).toBe('/messages/c-1');
  });

  it('says a refused chat start opens with Premium, without a message said to be waiting', async () => {
    renderHost('/conversations');
    act(() =>
      paymentRequired.ask({
        reason: 'UserPopularity',
        profile: 'u-9',
        returnTo: '/conversations?user=u-9',
        refused: 'chat',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Premium opens this chat' });
    expect(within(dialog).queryByText(/Your message stays in the chat/)).toBeNull();
    // After paying, the way back starts the chat again.
    expect(paywallReturnPath('u-9')).toBe('/conversations?user=u-9');
  });

  it('says when the member does not fit the other’s preferences', async () => {
    const { socket } = renderHost();
    await waitFor(() => expect(socket.listenerCount('app:error')).toBe(1));
    act(() =>
      socket.serverEmit('app:error', { action: 'PaymentRequired', profile: 'u-9', error: 'UserPreferences' }),
    );
    expect(
      await screen.findByText(
        'This member is looking for someone of another age or gender. Writing to them first needs Premium.',
      ),
    ).toBeTruthy();
  });

  it('closes on Not now, and ignores the socket’s other errors', async () => {
    const { socket } = renderHost();
    await waitFor(() => expect(socket.listenerCount('app:error')).toBe(1));
    act(() => socket.serverEmit('app:error', { action: 'Other', error: 'x' }));
    act(() => paymentRequired.ask({ reason: null, profile: null }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Writing first to this member needs Premium.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe(
      '/premium/subscriptions',
    );
    // Its close button has a name too (axe: button-name).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(paymentRequired.get()).toBeNull();
  });

  it('opens once for a refusal told twice (the send’s answer, then the socket event), keeping what each knew', () => {
    paymentRequired.ask({ reason: 'UserPreferences', profile: null });
    paymentRequired.ask({ reason: null, profile: 'u-9' });
    expect(paymentRequired.get()).toEqual({ reason: 'UserPreferences', profile: 'u-9' });
    paymentRequired.ask({ reason: null, profile: 'u-9' });
    expect(paymentRequired.get()).toEqual({ reason: 'UserPreferences', profile: 'u-9' });
  });

  it('"Not now" on a refused chat leads back to the profile the member wanted to write to', async () => {
    const { router } = renderHost('/conversations?user=u-9');
    act(() => paymentRequired.ask({ reason: 'UserPopularity', profile: 'u-9', refused: 'chat' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u-9'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a pass holder their plan does not reach the member, names the plan that does, and leads to its wizard', async () => {
    const day = 24 * 60 * 60 * 1000;
    const week = buildPass({
      subscription: WEEK,
      startsAt: new Date(Date.now() - day).toISOString(),
      endsAt: new Date(Date.now() + 6 * day).toISOString(),
    });
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/user-subscriptions': () => ({ subscriptions: [week], count: 1 }),
      'GET /api/users/u-9': () => ({ _id: 'u-9', name: 'Ama' }),
    });
    const { socket } = renderHost();
    await waitFor(() => expect(socket.listenerCount('app:error')).toBe(1));
    act(() =>
      socket.serverEmit('app:error', {
        action: 'PaymentRequired',
        profile: 'u-9',
        error: 'UserPopularity',
        plan: MONTH._id,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your message is waiting' });
    expect(
      await within(dialog).findByText('Your Premium week does not reach Ama. Premium month does.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Get Premium month' }).getAttribute('href')).toBe(
      `/premium/subscribe/${MONTH._id}?profile=u-9`,
    );
  });
});
