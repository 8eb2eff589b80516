import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../test/render-page.tsx';
import { HomeLayout } from './home-layout.tsx';
import { layoutParts as parts, viewport } from './home-layout-fixtures.ts';

// The layout's data layers (socket, and the features' hosts: chat outbox, counters, toasts, match
// screen) are not what this test is about: the socket renders its children, the hosts are left out.
vi.mock('../lib/socket.ts', () => ({ SocketProvider: ({ children }: { children: unknown }) => children }));

const navigations = () => screen.queryAllByRole('navigation', { name: 'Main navigation' });

describe('HomeLayout', () => {
  // The badges ask for the counters: no answer is needed to count the navigations.
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
  afterEach(() => vi.unstubAllGlobals());

  it('gives a member on a phone one main navigation, the tab bar (axe: landmark-unique)', () => {
    viewport(360);
    renderPage('/home', <HomeLayout parts={parts} />, { me: buildMe() });
    expect(navigations()).toHaveLength(1);
    expect(navigations()[0]!.className).toMatch(/AppShell-footer/);
  });

  it('gives a member on a wide screen one main navigation, the side bar', () => {
    viewport(1280);
    renderPage('/home', <HomeLayout parts={parts} />, { me: buildMe() });
    expect(navigations()).toHaveLength(1);
    expect(navigations()[0]!.className).toMatch(/AppShell-navbar/);
  });

  it('puts the bell in a header over the tabs’ screens on a phone, in the side bar on a wide screen', async () => {
    viewport(360);
    const phone = renderPage('/home', <HomeLayout parts={parts} />, { me: buildMe() });
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.closest('header')).not.toBeNull();
    phone.unmount();

    viewport(1280);
    renderPage('/home', <HomeLayout parts={parts} />, { me: buildMe() });
    const inSideBar = await screen.findByRole('link', { name: 'Notifications' });
    expect(inSideBar.closest('nav')?.className).toMatch(/AppShell-navbar/);
    expect(document.querySelector('header')).toBeNull();
  });

  it('has no header in a thread on a phone, whose own header says where one is', () => {
    viewport(360);
    renderPage('/messages/:id', <HomeLayout parts={parts} />, { url: '/messages/c1', me: buildMe() });
    expect(document.querySelector('header')).toBeNull();
  });

  it('has no tab bar in a thread on a phone, whose composer takes its place', () => {
    viewport(360);
    renderPage('/messages/:id', <HomeLayout parts={parts} />, { url: '/messages/c1', me: buildMe() });
    expect(navigations()).toHaveLength(0);
  });
});
