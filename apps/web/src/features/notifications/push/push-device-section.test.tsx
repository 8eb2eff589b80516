import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { ENDPOINT, stubPushBrowser } from './push-fixtures.ts';
import { PushDeviceSection } from './push-device-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderSection = (support?: 'supported' | 'unsupported' | 'needs-install') =>
  renderPage('/settings/notifications', <PushDeviceSection support={support} />, {
    me: buildMe({ _id: 'me-1' }),
  });

describe('Settings > Notifications: push on this device', () => {
  it('says "Browser doesn\'t support push notification" where there is no push', () => {
    renderSection('unsupported');
    expect(screen.getByText("Browser doesn't support push notification")).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('on an iPhone outside the installed app, says push needs it and links to installing', () => {
    renderSection('needs-install');
    expect(
      screen.getByText('On iPhone and iPad, notifications work only in the installed app.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Install web app' }).getAttribute('href')).toBe(
      '/settings/install',
    );
  });

  it('turns push on at once (the member asked: no explanation first), then off', async () => {
    const browser = stubPushBrowser({ answer: 'granted' });
    // An earlier "Not now" no longer holds once the member asks here.
    localStorage.setItem('motema.push.refusedAt', String(Date.now()));
    const user = userEvent.setup();
    renderSection('supported');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(browser.sent('POST', '/api/push-tokens')).toHaveLength(1);
    expect(localStorage.getItem('motema.push.refusedAt')).toBeNull();
    expect(
      screen.getByText('This device shows your notifications, even when Motema is closed.'),
    ).toBeTruthy();

    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(await browser.pushManager.getSubscription()).toBeNull();
    expect(localStorage.getItem('motema.push.device')).toBeNull();
  });

  it("shows on when this device sends this member's pushes, and blocked when the browser blocks them", async () => {
    stubPushBrowser({ permission: 'granted' });
    localStorage.setItem('motema.push.device', JSON.stringify({ endpoint: ENDPOINT, userId: 'me-1' }));
    const browser = navigator.serviceWorker as unknown as {
      getRegistration: () => Promise<{ pushManager: PushManager }>;
    };
    const registration = await browser.getRegistration();
    await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65),
    });
    const on = renderSection('supported');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    on.unmount();

    vi.unstubAllGlobals();
    stubPushBrowser({ permission: 'denied' });
    renderSection('supported');
    expect(await screen.findByText(/Notifications are blocked for Motema in this browser/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
