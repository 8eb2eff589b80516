import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSettingsPage } from '../../settings/render-settings-page.tsx';
import { firePrompt, freshInstallCapture } from './install-fixtures.ts';
import { InstallPage } from './install-page.tsx';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const render = () => renderSettingsPage('/settings/install', <InstallPage />);

describe('Settings > Install web app', () => {
  beforeAll(() => freshInstallCapture());
  afterEach(() => vi.restoreAllMocks());

  it('names the browsers’ menus where the browser gives no prompt', () => {
    render();
    expect(screen.getByRole('heading', { name: 'Install web app' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Install from your browser's menu" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install Motema' })).toBeNull();
  });

  it('gives the Share menu’s steps on an iPhone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render();
    expect(screen.getByRole('heading', { name: 'Add Motema to your Home Screen' })).toBeTruthy();
    expect(screen.getByText('Scroll down and tap “Add to Home Screen”.')).toBeTruthy();
  });

  it('opens the browser’s dialog from its button, even after the card was refused; a refusal says so', async () => {
    localStorage.setItem(
      'motema.install',
      JSON.stringify({ days: [], moment: false, refusedAt: Date.now() }),
    );
    render();
    const prompt = firePrompt('dismissed');
    fireEvent.click(await screen.findByRole('button', { name: 'Install Motema' }));
    await waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Not installed. You can install it from here whenever you like.'),
    ).toBeTruthy();
  });

  it('says it is installed once the browser installed it, and in the installed app', async () => {
    render();
    firePrompt('accepted');
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(
      await screen.findByText('Motema is installed. Open it from your home screen or your apps.'),
    ).toBeTruthy();
  });
});
