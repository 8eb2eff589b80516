import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../test/render-page.tsx';
import { HomeLayout } from './home-layout.tsx';

// The layout's data layers (socket, chat outbox, counters, toasts, match screen) are not what this
// test is about: each renders nothing here.
vi.mock('../lib/socket.ts', () => ({ SocketProvider: ({ children }: { children: unknown }) => children }));
vi.mock('../features/chat/sync/chat-sync.tsx', () => ({ ChatSync: () => null }));
vi.mock('../features/chat/sync/message-toasts.tsx', () => ({ MessageToasts: () => null }));
vi.mock('../features/discovery/match-modal.tsx', () => ({ MatchModal: () => null }));
vi.mock('../features/notifications/counters-sync.tsx', () => ({ CountersSync: () => null }));
vi.mock('../features/billing/payment-required-host.tsx', () => ({ PaymentRequiredHost: () => null }));
vi.mock('../features/billing/billing-realtime.tsx', () => ({ BillingRealtime: () => null }));
vi.mock('../features/posts/posts-realtime.tsx', () => ({ PostsRealtime: () => null }));
vi.mock('../features/devices/updates/app-updates.tsx', () => ({ AppUpdates: () => null }));
vi.mock('../features/devices/install/install-offer.tsx', () => ({ InstallOffer: () => null }));
vi.mock('../features/notifications/push/push-prompt-host.tsx', () => ({ PushPromptHost: () => null }));

/** happy-dom's window as wide as a phone (360 px) or a laptop, for the layout's media query. */
const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 740,
  });

const navigations = () => screen.queryAllByRole('navigation', { name: 'Main navigation' });

describe('HomeLayout', () => {
  // The badges ask for the counters: no answer is needed to count the navigations.
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
  afterEach(() => vi.unstubAllGlobals());

  it('gives a member on a phone one main navigation, the tab bar (axe: landmark-unique)', () => {
    viewport(360);
    renderPage('/home', <HomeLayout />, { me: buildMe() });
    expect(navigations()).toHaveLength(1);
    expect(navigations()[0]!.className).toMatch(/AppShell-footer/);
  });

  it('gives a member on a wide screen one main navigation, the side bar', () => {
    viewport(1280);
    renderPage('/home', <HomeLayout />, { me: buildMe() });
    expect(navigations()).toHaveLength(1);
    expect(navigations()[0]!.className).toMatch(/AppShell-navbar/);
  });

  it('puts the bell in a header over the tabs’ screens on a phone, in the side bar on a wide screen', async () => {
    viewport(360);
    const phone = renderPage('/home', <HomeLayout />, { me: buildMe() });
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.closest('header')).not.toBeNull();
    phone.unmount();

    viewport(1280);
    renderPage('/home', <HomeLayout />, { me: buildMe() });
    const inSideBar = await screen.findByRole('link', { name: 'Notifications' });
    expect(inSideBar.closest('nav')?.className).toMatch(/AppShell-navbar/);
    expect(document.querySelector('header')).toBeNull();
  });

  it('has no header in a thread on a phone, whose own header says where one is', () => {
    viewport(360);
    renderPage('/messages/:id', <HomeLayout />, { url: '/messages/c1', me: buildMe() });
    expect(document.querySelector('header')).toBeNull();
  });

  it('has no tab bar in a thread on a phone, whose composer takes its place', () => {
    viewport(360);
    renderPage('/messages/:id', <HomeLayout />, { url: '/messages/c1', me: buildMe() });
    expect(navigations()).toHaveLength(0);
  });
});
